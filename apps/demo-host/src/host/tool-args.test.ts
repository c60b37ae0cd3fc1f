import { describe, expect, it } from 'vitest';
import { defaultArguments, parseArguments } from './tool-args.js';
import { describeError } from './events.js';
import { transportUrl } from './relay-url.js';

describe('defaultArguments', () => {
  it('collects the defaults of an input schema, nested objects included', () => {
    const schema = {
      type: 'object',
      properties: {
        format: { type: 'string', enum: ['csv', 'json'], default: 'csv' },
        rows: { type: 'integer' },
        dryRun: { type: 'boolean', default: false },
        target: {
          type: 'object',
          properties: { region: { type: 'string', default: 'eu' }, bucket: { type: 'string' } },
        },
        empty: { type: 'object', properties: { x: { type: 'string' } } },
      },
    };
    expect(defaultArguments(schema)).toEqual({ format: 'csv', dryRun: false, target: { region: 'eu' } });
  });

  it('gives an empty object for schemas without properties', () => {
    expect(defaultArguments({ type: 'object' })).toEqual({});
    expect(defaultArguments(undefined)).toEqual({});
  });
});

describe('parseArguments', () => {
  it('reads a JSON object, and empty text as {}', () => {
    expect(parseArguments('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseArguments('  ')).toEqual({ ok: true, value: {} });
  });

  it('refuses other JSON and broken JSON with a message', () => {
    expect(parseArguments('[1]')).toEqual({ ok: false, message: 'Arguments must be a JSON object.' });
    expect(parseArguments('{a:1}')).toMatchObject({ ok: false, message: expect.stringContaining('not valid JSON') });
  });
});

describe('transportUrl', () => {
  it('goes straight to the server, or through the relay on the page origin', () => {
    expect(transportUrl('http://127.0.0.1:3901/mcp', false, 'http://127.0.0.1:5173').href).toBe(
      'http://127.0.0.1:3901/mcp',
    );
    expect(transportUrl('http://127.0.0.1:3901/mcp', true, 'http://127.0.0.1:5173').href).toBe(
      'http://127.0.0.1:5173/relay/http%3A%2F%2F127.0.0.1%3A3901%2Fmcp',
    );
  });
});

describe('describeError', () => {
  it('names the code, and for -32021 the capabilities the server requires', () => {
    const missing = Object.assign(new Error('Cannot request input'), {
      code: -32021,
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
    expect(describeError(missing)).toBe(
      'Cannot request input (-32021) This host does not declare the capabilities the server requires: {"elicitation":{"form":{}}}.',
    );
    expect(describeError(Object.assign(new Error('Bad'), { code: -32602 }))).toBe('Bad (-32602)');
    expect(describeError(new Error('Plain'))).toBe('Plain');
    expect(describeError('text')).toBe('text');
  });
});
