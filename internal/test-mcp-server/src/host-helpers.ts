// Helpers for the tests that act as a host, whichever client they run: the servers and clients of a test file,
// reading tool results, waiting for the client (or its queue) to reach a state on its own (no timing assertions: the
// test timeout bounds every wait), collecting events. Events are typed by the caller (`eventLog<ElicitationEvent>()`):
// this package sits below the kit's MCP package and does not import it.
import type { ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** What every event the kit reports has. */
interface TypedEvent {
  type: string;
}

/**
 * A server for the tests of one file: started (on an ephemeral loopback port) before them, closed after them.
 * Returns how to reach it once started.
 */
export function serverForFile<S extends { close(): Promise<unknown> }>(start: () => Promise<S>): () => S {
  let server: S | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (server === undefined) {
      throw new Error('the server of this file is not started yet');
    }
    return server;
  };
}

/** Where a test puts the clients it opens: each is closed after the test. */
export function closedAfterEach<C extends { close(): Promise<unknown> }>(): C[] {
  const open: C[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });
  return open;
}

/** The text blocks of a tool result (any client's `CallToolResult` shape). */
export function texts(result: unknown): string[] {
  const content = (result as { content?: unknown }).content;
  if (!Array.isArray(content)) {
    return [];
  }
  return content.flatMap((block: { type?: unknown; text?: unknown }) =>
    block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
  );
}

/** The JSON summary a demo-server tool puts in its first text block. */
export function summary(result: unknown): Record<string, unknown> {
  return JSON.parse(texts(result)[0] ?? '{}') as Record<string, unknown>;
}

/** How many events of `type` were reported. */
export function eventCount<E extends TypedEvent>(events: readonly E[], type: E['type']): number {
  return events.filter((event) => event.type === type).length;
}

/** Polls a condition the client reaches on its own. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The flow id of a demo-server URL request (the last path segment of `/connect/<flow>`). */
export function flowIdOf(entry: PendingElicitation): string {
  if (entry.request.mode !== 'url') {
    throw new Error('expected a URL request');
  }
  return new URL(entry.request.url).pathname.split('/').at(-1) ?? '';
}

/** An event log with a way to wait for the next matching event. */
export interface EventLog<E extends TypedEvent> {
  events: E[];
  onEvent(event: E): void;
  /** Resolves with the next event (from now on) that matches. */
  next(match: (event: E) => boolean): Promise<E>;
}

/** An empty event log; pass its `onEvent` to `attachElicitation`. */
export function eventLog<E extends TypedEvent>(): EventLog<E> {
  const events: E[] = [];
  const watchers = new Set<(event: E) => void>();
  return {
    events,
    onEvent(event) {
      events.push(event);
      for (const watch of watchers) {
        watch(event);
      }
    },
    next: (match) =>
      new Promise((resolve) => {
        const watch = (event: E): void => {
          if (match(event)) {
            watchers.delete(watch);
            resolve(event);
          }
        };
        watchers.add(watch);
      }),
  };
}

/** A `fetch` that fails, like a dropped network, every POST carrying an answer to the server while `offline()`. */
export function droppingAnswers(offline: () => boolean): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    if (offline() && init?.method === 'POST' && body.includes('"result":{"action"')) {
      throw new TypeError('Failed to fetch');
    }
    return fetch(input, init);
  };
}

/**
 * A `fetch` that asks for `revision` in `initialize`. The SDK v1 and AI SDK clients always ask for 2025-11-25 and a
 * server answers with what was asked when it speaks it, so this is how a 2025-06-18 session comes about with them.
 */
export function askingFor(revision: string): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    if (body !== undefined && body.includes('"method":"initialize"')) {
      const message = JSON.parse(body) as { params: { protocolVersion: string } };
      message.params.protocolVersion = revision;
      return fetch(input, { ...init, body: JSON.stringify(message) });
    }
    return fetch(input, init);
  };
}

/** Resolves with the snapshot once `predicate` holds (checked now and after every change). */
export function waitForQueue(
  queue: ElicitationQueue,
  predicate: (snapshot: readonly PendingElicitation[]) => boolean = (snapshot) => snapshot.length > 0,
): Promise<readonly PendingElicitation[]> {
  return new Promise((resolve) => {
    let done = false;
    const check = (): void => {
      const snapshot = queue.getSnapshot();
      if (!done && predicate(snapshot)) {
        done = true;
        unsubscribe();
        resolve(snapshot);
      }
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

/** Resolves with the first pending entry. */
export async function firstEntry(queue: ElicitationQueue): Promise<PendingElicitation> {
  const [entry] = await waitForQueue(queue);
  if (entry === undefined) {
    throw new Error('unreachable');
  }
  return entry;
}
