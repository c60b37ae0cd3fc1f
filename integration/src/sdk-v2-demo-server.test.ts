// The kit as a host against the demo server over real Streamable HTTP, in both eras: what the demo server's tools
// do when the client is the kit (its -32602 refusals, its per-server limit). Kept here, not in apps/demo-server, so
// the demo server does not depend on this package (pnpm would report a cyclic workspace dependency).
import { DEMO_SERVER_INFO, MAX_FLOOD } from '@elicitation-kit/demo-server';
import type { DemoLogEntry } from '@elicitation-kit/demo-server';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createElicitationQueue, DEFAULT_MAX_PENDING_PER_SERVER, isTooManyPending } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import { waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { demoServerForFile } from './test/demo.js';
import { closedAfterEach, eventCount as eventTypes, summary, waitUntil } from '@elicitation-kit/test-mcp-server/hosts';
import type { ElicitationEvent } from '@elicitation-kit/mcp';

type Era = 'legacy' | 'modern';

const demo = demoServerForFile();

const open = closedAfterEach<Client>();

interface KitHost {
  client: Client;
  queue: ElicitationQueue;
  events: ElicitationEvent[];
}

/** An SDK client with the kit attached to a queue with the kit's defaults, connected to the demo server. */
async function connectKit(era: Era): Promise<KitHost> {
  const client = new Client(
    { name: 'kit-host', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const queue = createElicitationQueue();
  const events: ElicitationEvent[] = [];
  attachElicitation(client, { queue, onEvent: (event) => events.push(event) });
  await client.connect(new StreamableHTTPClientTransport(new URL(demo().url)));
  open.push(client);
  expect(client.getProtocolEra()).toBe(era);
  return { client, queue, events };
}

/** Log lines the demo server wrote while `run` ran. */
async function logged<T>(run: () => Promise<T>): Promise<{ value: T; lines: DemoLogEntry[] }> {
  const start = demo().log.length;
  const value = await run();
  return { value, lines: demo().log.slice(start) };
}

describe.each(['legacy', 'modern'] as const)('the kit against the demo server (%s era)', (era) => {
  it('unsupported-schema: the kit’s handler answers -32602 and nothing is shown', async () => {
    const { client, queue, events } = await connectKit(era);
    const { value: outcome, lines } = await logged(() =>
      client.callTool({ name: 'unsupported-schema', arguments: {} }).catch((error: unknown) => error),
    );
    if (era === 'legacy') {
      expect(outcome).toMatchObject({ isError: true, structuredContent: { status: 'refused', code: -32602 } });
      expect(lines.at(-1)).toMatchObject({
        tool: 'unsupported-schema',
        era,
        action: 'client-error',
        detail: { code: -32602 },
      });
    } else {
      expect(outcome).toMatchObject({ code: -32602, data: { reason: 'ref' } });
      expect(lines).toMatchObject([{ tool: 'unsupported-schema', era, action: 'input-requested' }]);
    }
    expect(events.map((event) => event.type)).toEqual(['rejected']);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('flood with its defaults fits the kit’s default per-server limit: every question is shown, Cancel all answers them', async () => {
    const { client, queue, events } = await connectKit(era);
    const { tools } = await client.listTools();
    const flood = tools.find((tool) => tool.name === 'flood');
    const count = flood?.inputSchema.properties?.['count'] as { default: number; maximum: number };
    expect(count.default).toBeLessThanOrEqual(DEFAULT_MAX_PENDING_PER_SERVER);
    expect(count.maximum).toBe(MAX_FLOOD);
    expect(count.maximum).toBeGreaterThan(DEFAULT_MAX_PENDING_PER_SERVER);
    // The demo server names the kit's default without depending on this package: it must stay the kit's value.
    expect(flood?.description).toContain(`(${String(DEFAULT_MAX_PENDING_PER_SERVER)} in the kit's default)`);
    expect(flood?.description).toContain("-32602 'too-many-pending'");
    // More than ten questions share one call (and, in 2026-07-28, one round's signal): neither the kit nor the server
    // package may pile a listener each onto one AbortSignal (Node's "possible memory leak" warning).
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning.name);
    };
    process.on('warning', onWarning);
    const call = client.callTool({ name: 'flood', arguments: {} });
    const snapshot = await waitForQueue(queue, (entries) => entries.length === count.default);
    expect(new Set(snapshot.map((entry) => entry.server.id)).size).toBe(1);
    expect(queue.respondAll(snapshot[0]?.server.id ?? '', { action: 'cancel' })).toBe(count.default);
    expect(summary(await call)).toEqual({
      status: 'completed',
      asked: count.default,
      outcomes: { cancel: count.default },
    });
    expect(eventTypes(events, 'shown')).toBe(count.default);
    expect(eventTypes(events, 'rejected')).toBe(0);
    // Node emits warnings on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(count.default).toBeGreaterThan(10);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('flood one above the kit’s default limit: the kit refuses with -32602 too-many-pending', async () => {
    const { client, queue, events } = await connectKit(era);
    const count = DEFAULT_MAX_PENDING_PER_SERVER + 1;
    const message = `Too many pending elicitations from ${DEMO_SERVER_INFO.name}: the limit is ${String(DEFAULT_MAX_PENDING_PER_SERVER)}. Answer or cancel one first.`;
    const refusal = {
      code: -32602,
      message,
      data: { reason: 'too-many-pending', limit: DEFAULT_MAX_PENDING_PER_SERVER },
    };
    const call = client.callTool({ name: 'flood', arguments: { count } }).catch((error: unknown) => error);
    if (era === 'legacy') {
      // 2025: each request settles on its own; the limit's worth is queued, the one beyond it refused at once.
      await waitUntil(
        () => queue.getSnapshot().length === DEFAULT_MAX_PENDING_PER_SERVER && eventTypes(events, 'rejected') === 1,
      );
      const [first] = queue.getSnapshot();
      expect(queue.respondAll(first?.server.id ?? '', { action: 'cancel' })).toBe(DEFAULT_MAX_PENDING_PER_SERVER);
      expect(summary(await call)).toEqual({
        status: 'completed',
        asked: count,
        outcomes: { cancel: DEFAULT_MAX_PENDING_PER_SERVER, 'error -32602': 1 },
      });
    } else {
      // 2026-07-28: one round; the refused entry fails the whole round, and the call ends with the kit's error.
      const failure = await call;
      expect(failure).toBeInstanceOf(ProtocolError);
      expect(failure).toMatchObject(refusal);
      await waitForQueue(queue, (entries) => entries.length === 0);
      // The round's other questions close with the refusal as their detail: one rule tells a host it is this case.
      expect(isTooManyPending(failure)).toBe(true);
      const closed = events.filter((event) => event.type === 'cancelled');
      expect(closed).toHaveLength(DEFAULT_MAX_PENDING_PER_SERVER);
      expect(closed.every((event) => event.reason === 'aborted' && isTooManyPending(event.detail))).toBe(true);
    }
    expect(events.find((event) => event.type === 'rejected')).toMatchObject({ type: 'rejected', era, error: refusal });
  });
});
