// @vitest-environment node
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { recordWire, summarizeMessage, wireOf, type WireMessage } from './wire.js';

/** A transport that only remembers what it was asked to send, and lets the test deliver messages. */
class FakeTransport implements Transport {
  onmessage?: Transport['onmessage'];
  readonly sent: JSONRPCMessage[] = [];
  sessionId = 'session-1';
  async start(): Promise<void> {}
  async close(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
  }
  deliver(message: JSONRPCMessage): void {
    this.onmessage?.(message);
  }
}

const call: JSONRPCMessage = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'export-data' } };
const result: JSONRPCMessage = { jsonrpc: '2.0', id: 1, result: { content: [] } };

describe('recordWire', () => {
  it('records what is sent and received, and still delivers both', async () => {
    const wire: WireMessage[] = [];
    const transport = recordWire(new FakeTransport(), (entry) => wire.push(entry));
    const received: JSONRPCMessage[] = [];
    // The SDK's Protocol sets its handler while connecting, after the recorder is installed (a callback property: the
    // Transport interface has no addEventListener).
    // oxlint-disable-next-line unicorn/prefer-add-event-listener
    transport.onmessage = (message) => received.push(message);
    await transport.send(call);
    transport.deliver(result);
    expect(transport.sent).toEqual([call]);
    expect(received).toEqual([result]);
    expect(wire).toEqual([
      { direction: 'sent', message: call },
      { direction: 'received', message: result },
    ]);
    expect(transport.sessionId).toBe('session-1');
  });

  it('records nothing received while no handler is set (the transport drops it too)', () => {
    const wire: WireMessage[] = [];
    const transport = recordWire(new FakeTransport(), (entry) => wire.push(entry));
    expect(transport.onmessage).toBeUndefined();
    transport.deliver(result);
    expect(wire).toEqual([]);
  });
});

describe('wireOf and summarizeMessage', () => {
  it('reads only well-formed wire entries of a log line', () => {
    expect(
      wireOf({ wire: [{ direction: 'sent', message: call }, { direction: 'sideways', message: call }, 3] }),
    ).toEqual([{ direction: 'sent', message: call }]);
    expect(wireOf({ text: 'no wire' })).toEqual([]);
  });

  it('names requests, notifications, results and errors', () => {
    expect(summarizeMessage(call)).toBe('tools/call #1');
    expect(summarizeMessage({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })).toBe(
      'notifications/progress',
    );
    expect(summarizeMessage(result)).toBe('result #1');
    expect(summarizeMessage({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'bad' } })).toBe(
      'error #7 -32602',
    );
  });
});
