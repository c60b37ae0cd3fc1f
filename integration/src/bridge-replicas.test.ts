// Several backend replicas, one Redis (Debian's redis-server on a free loopback port, started by this file as
// packages/server's Redis tests do; `node scripts/ensure-redis.mjs` installs it). Each replica is a real process
// (src/test/bridge-replica.ts): the bridge on a Redis hub, and a real SDK v2 client asking the demo server. A browser's
// stream and its answers reach one replica, the MCP request lives on another; a replica killed with SIGKILL
// mid-question leaves no question hanging: every tab is told it was lost, and an answer to it is refused as lost.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAW_MESSAGES } from '@elicitation-kit/bridge';
import { createRedisBridgeHub } from '@elicitation-kit/bridge/redis';
import { EXPORT_PARAMS, resultJson } from '@elicitation-kit/test-mcp-server';
import { waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import type { ToolRun } from './test/bridge-backend.js';
import { openBrowser, postRaw, readyOf, startBackend, waitForEvent } from './test/bridge-host.js';
import type { TestBrowser } from './test/bridge-host.js';
import { connect } from './test/connect.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const REPLICA = fileURLToPath(new URL('test/bridge-replica.ts', import.meta.url));
const SECRET = 'every replica shares this secret: 32+ bytes';
const HEARTBEAT_MS = 100;

let redis: TestRedis;
let demo: DemoServer;
const children: ChildProcess[] = [];
beforeAll(async () => {
  [redis, demo] = await Promise.all([startRedis(), startDemoServer({ port: 0, silent: true })]);
}, 30_000);
afterAll(async () => {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }),
  );
  await demo?.close();
  await redis?.stop();
});

let tabs: TestBrowser[] = [];
afterEach(() => {
  for (const opened of tabs) {
    opened.close();
  }
  tabs = [];
});

/** A replica process. */
interface Replica {
  child: ChildProcess;
  /** Its bridge endpoint. */
  elicitations: string;
  /** Runs one tool call there; resolves with its result when it ends. */
  call(run: Omit<ToolRun, 'mcpUrl'>): Promise<unknown>;
  /** SIGKILL, and resolves once it is gone. */
  kill(): Promise<void>;
}

async function startReplica(): Promise<Replica> {
  const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', REPLICA], {
    cwd: PACKAGE,
    env: {
      ...process.env,
      REDIS_URL: redis.url,
      MCP_URL: demo.url,
      BRIDGE_SECRET: SECRET,
      HEARTBEAT_MS: String(HEARTBEAT_MS),
      ANSWER_TIMEOUT_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { url } = JSON.parse(line) as { url: string };
  return {
    child,
    elicitations: `${url}/api/elicitations`,
    call: async (run) => {
      const response = await fetch(`${url}/call`, { method: 'POST', body: JSON.stringify(run) });
      return response.json();
    },
    async kill() {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function tab(url: string, user = 'alice'): TestBrowser {
  const opened = openBrowser(url, user);
  tabs.push(opened);
  return opened;
}

const nextEntry = async (browser: TestBrowser) => {
  const [entry] = await waitForQueue(browser.queue, (snapshot) => snapshot.length > 0);
  return entry!;
};

describe('two replicas, one Redis (real processes)', () => {
  let a: Replica;
  let b: Replica;
  beforeAll(async () => {
    [a, b] = await Promise.all([startReplica(), startReplica()]);
  }, 30_000);

  it('held by A, streamed and answered through B: checked on A, answered once', async () => {
    const onB = tab(b.elicitations);
    const call = a.call({ user: 'alice', era: 'legacy', name: 'export-data' });
    const entry = await nextEntry(onB);
    expect(entry.request).toMatchObject({ mode: 'form', fields: [{ name: 'format' }, { name: 'maxRows' }, {}] });
    // Refused by A (the holder) with core, through B and Redis: the question stays.
    onB.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 0 } });
    const refused = await waitForEvent(onB.events, (event) => event.type === 'refused');
    expect(refused).toMatchObject({ status: 422, kept: true, error: { error: 'invalid-content' } });
    const again = await nextEntry(onB);
    onB.queue.respond(again.id, { action: 'accept', content: { format: 'csv', maxRows: 3 } });
    expect(await call).toMatchObject({ status: 'completed', format: 'csv', maxRows: 3 });
  }, 20_000);

  it('two tabs on two replicas: answered in one, the other closes its dialog (answered)', async () => {
    const onA = tab(a.elicitations);
    const onB = tab(b.elicitations);
    const call = b.call({ user: 'alice', era: 'modern', name: 'export-data' });
    const [inA, inB] = await Promise.all([nextEntry(onA), nextEntry(onB)]);
    expect(inA.id).toBe(inB.id);
    onA.queue.respond(inA.id, { action: 'decline' });
    await waitForQueue(onB.queue, (snapshot) => snapshot.length === 0);
    expect(inB.signal.reason).toMatchObject({ code: 'answered' });
    expect(await call).toMatchObject({ status: 'not_started' });
  }, 20_000);

  it('owners stay apart across replicas', async () => {
    const alice = tab(b.elicitations, 'alice');
    const bob = tab(b.elicitations, 'bob');
    const call = a.call({ user: 'alice', era: 'legacy', name: 'export-data' });
    const entry = await nextEntry(alice);
    const { token } = await readyOf(b.elicitations, 'bob');
    const body = JSON.stringify({ id: entry.id, result: { action: 'decline' } });
    expect(await postRaw(b.elicitations, { user: 'bob', token, body })).toMatchObject({
      status: 404,
      body: { error: 'not-pending' },
    });
    expect(bob.queue.getSnapshot()).toEqual([]);
    alice.queue.respond(entry.id, { action: 'cancel' });
    expect(await call).toMatchObject({ status: 'cancelled' });
  }, 20_000);

  it('kill -9 of the holder, then an answer: refused as lost (410), and every tab is told', async () => {
    const holder = await startReplica();
    const onA = tab(a.elicitations);
    const onB = tab(b.elicitations);
    void holder.call({ user: 'alice', era: 'legacy', name: 'export-data' }).catch(() => undefined);
    const [inA, inB] = await Promise.all([nextEntry(onA), nextEntry(onB)]);
    await holder.kill();
    onB.queue.respond(inB.id, { action: 'accept', content: { format: 'csv', maxRows: 3 } });
    const refused = await waitForEvent(onB.events, (event) => event.type === 'refused');
    expect(refused).toMatchObject({
      status: 410,
      kept: false,
      error: { error: 'lost', message: WITHDRAW_MESSAGES.lost },
    });
    await waitForQueue(onA.queue, (snapshot) => snapshot.length === 0);
    expect(inA.signal.reason).toMatchObject({ code: 'lost', message: WITHDRAW_MESSAGES.lost });
    expect(inB.signal.reason).toMatchObject({ code: 'lost' });
    // The demo server asked once and was never answered: nothing doubled (its own timeout ends the tool call).
    expect(demo.answers.report().requests.at(-1)).toMatchObject({ tool: 'export-data', asked: 1, answers: 0 });
  }, 20_000);

  it('kill -9 of the holder while the user thinks: its heartbeat lapses and the question leaves as lost', async () => {
    const holder = await startReplica();
    const onA = tab(a.elicitations);
    void holder.call({ user: 'alice', era: 'modern', name: 'export-data' }).catch(() => undefined);
    const entry = await nextEntry(onA);
    await holder.kill();
    await waitForQueue(onA.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.reason).toMatchObject({ code: 'lost' });
    expect(onA.events).toContainEqual({ type: 'withdrawn', entry, reason: 'lost' });
    // 2026-07-28: the round is never retried, so the server holds nothing and received nothing.
    expect(demo.answers.report().requests.at(-1)).toMatchObject({ era: 'modern', asked: 1, answers: 0 });
    // A reload, on either replica, does not bring it back.
    expect((await readyOf(b.elicitations, 'alice')).entries).toEqual([]);
    expect((await readyOf(a.elicitations, 'alice')).entries).toEqual([]);
  }, 20_000);
});

describe('a replica the others gave up (its key lapsed, e.g. cut off from Redis)', () => {
  it('cancels its questions with their MCP servers at its next heartbeat, and the browser is told lost', async () => {
    const commands = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const prefix = 'given-up:';
    const backend = await startBackend({
      hub: createRedisBridgeHub(commands, { prefix, heartbeatMs: HEARTBEAT_MS }),
      secret: SECRET,
    });
    const setup = await connect('legacy');
    try {
      backend.bridge.expose('alice', setup.queue);
      const browser = tab(backend.url);
      const call = setup.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS } }).then(resultJson);
      const entry = await nextEntry(browser);
      // What the other replicas do to a replica whose heartbeat they stopped seeing.
      const [key] = await commands.keys(`${prefix}replica:*`);
      await commands.del(key!);
      expect(await call).toEqual({ result: { action: 'cancel' } });
      await waitForQueue(browser.queue, (snapshot) => snapshot.length === 0);
      expect(entry.signal.reason).toMatchObject({ code: 'lost' });
    } finally {
      await setup.close();
      await backend.close();
      await commands.quit();
    }
  }, 20_000);
});
