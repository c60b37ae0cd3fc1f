import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractRequests } from './extract.js';

const examples = join(__dirname, '../../../../fixtures/examples');
const read = (file: string): string => readFileSync(join(examples, file), 'utf8');

describe('extractRequests', () => {
  it('takes bare params as one request', () => {
    const params = { message: 'Name?', requestedSchema: { type: 'object', properties: {} } };
    expect(extractRequests(JSON.stringify(params))).toEqual({
      ok: true,
      source: 'params',
      requests: [{ key: 'params', params }],
      skipped: [],
    });
  });

  it('takes the params and id of every JSON-RPC request fixture', () => {
    const files = readdirSync(examples).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const file of files) {
      const json = JSON.parse(read(file)) as { id: number; params: unknown };
      const result = extractRequests(read(file));
      expect(result, file).toMatchObject({
        ok: true,
        source: 'request',
        id: json.id,
        requests: [{ params: json.params }],
      });
    }
  });

  it('shows the elicitations of an input_required response in order, with its requestState, as 2026-07-28', () => {
    const text = read('2026-07-28/02-input-required-result-form-and-url.json');
    const json = JSON.parse(text) as { result: { inputRequests: Record<string, { params: unknown }> } };
    const result = extractRequests(text);
    expect(result).toEqual({
      ok: true,
      source: 'input-required',
      id: 41,
      requests: [
        { key: 'export_options', params: json.result.inputRequests['export_options']?.params },
        { key: 'warehouse_login', params: json.result.inputRequests['warehouse_login']?.params },
      ],
      skipped: [],
      requestState: 'eyJ2IjoxLCJ0b29sIjoiZXhwb3J0LWRhdGEifQ.hmac-placeholder',
      protocolVersion: '2026-07-28',
    });
  });

  it('accepts a bare input_required result and lists entries that are not elicitations', () => {
    const result = extractRequests(
      JSON.stringify({
        resultType: 'input_required',
        inputRequests: {
          llm: { method: 'sampling/createMessage', params: {} },
          ask: { method: 'elicitation/create', params: { message: 'Sure?' } },
        },
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      source: 'input-required',
      requests: [{ key: 'ask', params: { message: 'Sure?' } }],
      skipped: [{ key: 'llm', method: 'sampling/createMessage' }],
    });
  });

  it('explains what it cannot show', () => {
    const cases: [string, string][] = [
      ['{', 'Not valid JSON'],
      ['', 'Paste'],
      [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }), 'tools/call request'],
      [JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32021, message: 'x' } }), 'error response'],
      [JSON.stringify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [] } }), 'complete result'],
      [JSON.stringify({ resultType: 'bogus', inputRequests: {} }), 'Unknown resultType'],
      [JSON.stringify({ resultType: 'input_required' }), 'needs an inputRequests object'],
      [JSON.stringify({ inputRequests: { a: { method: 'roots/list' } } }), 'no elicitation/create'],
    ];
    for (const [text, message] of cases) {
      const result = extractRequests(text);
      expect(result.ok, text).toBe(false);
      expect(result.ok ? '' : result.message, text).toContain(message);
    }
  });

  it('passes any other JSON on as params, for the parser to refuse', () => {
    expect(extractRequests('42')).toMatchObject({ ok: true, source: 'params', requests: [{ params: 42 }] });
    expect(extractRequests('[1]')).toMatchObject({ ok: true, source: 'params', requests: [{ params: [1] }] });
  });
});
