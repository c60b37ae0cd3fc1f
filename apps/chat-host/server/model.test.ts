import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { isStepCount, jsonSchema, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { HELP, TOOL_WORDS, createChatModel, quote, replyTo, respond, toolFor } from './model.js';

describe('toolFor', () => {
  it('picks the tool whose word the message contains, the first in TOOL_WORDS order', () => {
    expect(toolFor('Export the orders')).toBe('export-data');
    expect(toolFor('please CONNECT my account')).toBe('connect-account');
    // "exports" contains "export", but "archive" comes first.
    expect(toolFor('Archive old exports')).toBe('confirm-action');
    expect(toolFor('Hello')).toBeUndefined();
    expect(TOOL_WORDS.map(({ tool: name }) => name)).toEqual(['confirm-action', 'connect-account', 'export-data']);
  });

  it('reads a 100,000-character message in one pass', () => {
    expect(toolFor(`${'x'.repeat(100_000)} export`)).toBe('export-data');
  });
});

describe('quote and replyTo', () => {
  it('quote the first text block of an MCP result, or the text, JSON or error it is', () => {
    const content: LanguageModelV4ToolResultOutput = {
      type: 'content',
      value: [
        { type: 'text', text: '{"status":"completed"}' },
        { type: 'text', text: 'a,b\r\n' },
      ],
    };
    expect(replyTo('export-data', content)).toBe('export-data answered: {"status":"completed"}');
    expect(replyTo('t', { type: 'error-text', value: 'Boom' })).toBe('t failed: Boom');
    expect(quote({ type: 'json', value: { ok: true } })).toBe('{"ok":true}');
    expect(quote({ type: 'error-json', value: [1] })).toBe('[1]');
    expect(quote({ type: 'content', value: [] })).toBe('(no text)');
    expect(quote({ type: 'execution-denied' })).toBe('The call was denied.');
  });
});

const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });

describe('respond', () => {
  it('calls the tool the user names, one id per user message', () => {
    expect(respond([user('hi'), user('Export it')])).toEqual([
      { type: 'tool-call', toolCallId: 'call-2', toolName: 'export-data', input: '{}' },
      expect.objectContaining({ type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined } }),
    ]);
  });

  it('streams the help text, word by word, when no tool is named', () => {
    const parts = respond([user('Hello')]);
    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe(HELP);
  });
});

describe('createChatModel', () => {
  it('drives streamText through a tool call and the reply quoting its result', async () => {
    const result = streamText({
      model: createChatModel({ delayMs: null }),
      tools: {
        'export-data': tool({
          inputSchema: jsonSchema({ type: 'object', properties: {} }),
          execute: async () => '{"status":"completed","rows":3}',
        }),
      },
      prompt: 'Export the orders',
      stopWhen: isStepCount(2),
    });
    expect(await result.text).toBe('export-data answered: {"status":"completed","rows":3}');
    const [call] = await result.steps;
    expect(call?.toolCalls).toMatchObject([{ toolName: 'export-data', toolCallId: 'call-1' }]);
  });
});
