// The chat host as replicas sharing a real Redis (`replicas`): sessions, conversations, the bridge's hub and the
// durable rounds live there. A user signed in on one replica is signed in on all; a question asked by one replica
// reaches the user's tab on another. And when the replica running a turn dies while its question is open (`kill -9`)
// or is redeployed (SIGTERM), another replica takes the round, shows the question again, sends the answer, appends the
// tool's result to the conversation and continues the model's turn there: the tool call completes once.
import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { UIMessage } from 'ai';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHost } from '../server/app.js';
import type { ChatHost } from '../server/app.js';
import { openTab, readReply, send, signIn, waitForQueue } from './harness.js';
import type { User } from './harness.js';
import { startChatHostProcess } from './process.js';

const SECRET = 'replicas-test-secret-0123456789-abcdef';
const LEASE_MS = 600;

let demo: DemoServer;
let redis: TestRedis;
let client: Redis;
let survivor: ChatHost;
/** The survivor's log lines (the bridge's events). */
const survivorLog: string[] = [];
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
  redis = await startRedis();
  client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  survivor = await startChatHost({
    mcpUrl: demo.url,
    modelDelayMs: null,
    roundLeaseMs: LEASE_MS,
    replicas: { redis: client, secret: SECRET },
    log: (line) => survivorLog.push(line),
  });
});
afterAll(async () => {
  await survivor.close();
  client.disconnect();
  await redis.stop();
  await demo.close();
});

/** Starts a replica as its own process (as a deployment runs it), on the shared Redis. */
const startReplica = () =>
  startChatHostProcess({
    PORT: '0',
    MCP_URL: demo.url,
    CHAT_REDIS_URL: redis.url,
    CHAT_SECRET: SECRET,
    CHAT_ROUND_LEASE_MS: String(LEASE_MS),
  });

/** `user`'s conversation as any replica reads it, once `check` holds (the test's timeout bounds the wait). */
async function conversationWhen(user: User, check: (messages: UIMessage[]) => boolean): Promise<UIMessage[]> {
  for (;;) {
    const { messages } = (await (await user.fetch('/api/chat')).json()) as { messages: UIMessage[] };
    if (check(messages)) {
      return messages;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `user` (signed in on one replica) as another replica's requests see them: the same session cookie. */
function asUserOf(user: User, host: { url: string }): User {
  return {
    ...user,
    fetch: (path, init = {}) =>
      fetch(new URL(path, host.url), {
        ...init,
        headers: { cookie: user.cookie, ...(init.headers as Record<string, string>) },
      }),
  };
}

const finished = (messages: UIMessage[]): boolean =>
  messages.at(-1)?.role === 'assistant' && messages.at(-1)?.parts.some((part) => part.type === 'text') === true;

const exportsAsked = () => demo.answers.report().requests.filter((request) => request.tool === 'export-data');

/**
 * `name` signs in on a new replica (the doomed one) and asks it to export; the user's tab reads the survivor's bridge,
 * where the doomed replica's question arrives through the Redis hub. Resolves once the tab shows it.
 */
async function askOnDoomedReplica(name: string) {
  const doomed = await startReplica();
  // Signed in on the doomed replica: the session is in Redis, so the survivor knows the user too.
  const onDoomed = await signIn(doomed, name);
  const onSurvivor = asUserOf(onDoomed, survivor);
  const tab = openTab(survivor, onSurvivor);
  const reply = send(onDoomed, 'Export the orders')
    .then(readReply)
    .catch((error: unknown) => error);
  const [first] = await waitForQueue(tab, (entries) => entries.length === 1);
  /** Ends the doomed replica with `signal`; resolves once it exited and its reply's stream ended with it. */
  const end = async (signal: 'SIGKILL' | 'SIGTERM'): Promise<void> => {
    const exited = once(doomed.child, 'exit');
    doomed.child.kill(signal);
    await exited;
    await reply;
  };
  const close = (): void => {
    tab.close();
    doomed.child.kill('SIGKILL');
  };
  return { first: first!, onSurvivor, tab, end, close };
}

describe.each([
  ['killed (kill -9)', 'SIGKILL'],
  ['redeployed (SIGTERM)', 'SIGTERM'],
] as const)('the replica running a turn is %s while its question is open', (_name, signal) => {
  it('another replica shows the question again, sends the answer once, and the conversation gets the reply', async () => {
    const before = exportsAsked().length;
    const { first, onSurvivor, tab, end, close } = await askOnDoomedReplica(`ada-${signal}`);
    try {
      expect(first.request).toMatchObject({ message: 'How should the orders export be produced?' });
      expect(first.roundKey).toMatch(/\/1\//);
      // The user's message is in the shared store already: any replica reads it.
      const [message] = await conversationWhen(onSurvivor, (messages) => messages.length === 1);
      expect(message?.role).toBe('user');

      // The user starts typing.
      tab.queue.keepDraft(first.id, { format: 'csv' });
      // The replica goes; its reply's stream ends with it (a redeploy ends the turn; a kill breaks the connection).
      await end(signal);

      // The survivor takes the round (its lease ran out, or was let go at shutdown) and asks again, same round key:
      // the page shows that copy alone (the dead replica's leaves as `moved`, told at shutdown or replaced when the
      // copy arrives), with what was typed.
      const [again] = await waitForQueue(
        tab,
        (entries) => entries.length === 1 && entries[0]?.id !== first.id && entries[0]?.roundKey === first.roundKey,
      );
      expect(first.signal.reason).toMatchObject({ code: 'moved' });
      expect(again?.draft).toEqual({ format: 'csv' });
      tab.queue.respond(again?.id ?? '', {
        action: 'accept',
        content: { format: 'csv', maxRows: 3, includeHeaders: true },
      });

      // The survivor finished the call and the turn: the tool's result under the turn's message, then the reply.
      const messages = await conversationWhen(onSurvivor, finished);
      expect(messages.map(({ role }) => role)).toEqual(['user', 'assistant']);
      const [, assistant] = messages;
      expect(assistant?.id).toBe(first.tag);
      expect(assistant?.parts).toContainEqual(
        expect.objectContaining({ type: 'dynamic-tool', toolName: 'export-data', state: 'output-available' }),
      );
      const text = assistant?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      expect(text).toContain('export-data answered: {"status":"completed","format":"csv","maxRows":3');
      // Asked once, answered once: the operation ran once.
      const exports = exportsAsked().slice(before);
      expect(exports.map(({ asked, answers }) => ({ asked, answers }))).toEqual([{ asked: 1, answers: 1 }]);
    } finally {
      close();
    }
  });
});

it('a user who signed out while the replica holding their question was dead is not asked it again', async () => {
  const { onSurvivor, end, close } = await askOnDoomedReplica('bea');
  try {
    await end('SIGKILL');
    const from = survivorLog.length;
    expect((await onSurvivor.fetch('/api/session', { method: 'DELETE' })).status).toBe(204);

    // Leases run out and the survivor scans, but nobody waits for the round: it is not shown to anyone again.
    await new Promise((resolve) => setTimeout(resolve, 4 * LEASE_MS));
    expect(survivorLog.slice(from).filter((line) => line.includes('"bridge":"exposed"'))).toEqual([]);
  } finally {
    close();
  }
});
