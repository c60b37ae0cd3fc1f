// A backend replica for the rolling-restart test of durable rounds: it starts CALLS durable tool calls of its own
// (`callToolDurably`, TOOL on the MCP server at MCP_URL, rounds in the Redis at REDIS_URL) and runs `resumeRounds`, so
// that it takes the rounds of a replica that went away. SIGTERM is a redeploy's shutdown: its calls and the rounds it
// resumed are handed over (their questions leave as `moved`, their leases end at once), then it exits.
// It prints one JSON line per fact: {"ready"} once its calls are asked, {"result": callId} when one of its own calls
// completed, {"outcome": callId, "type"} when a resumed round ended, {"count": n} and {"answered": n} for commands.
// Commands on stdin, one a line: `count` (the questions it shows now), `answer <n>` (accepts up to n of them).
// Environment: NAME, REDIS_URL, MCP_URL, TOOL, CALLS, LEASE_MS.
import { setMaxListeners } from 'node:events';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { callToolDurably, createRedisDurableRoundStore, resumeRounds } from '@elicitation-kit/mcp/durable';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`${name} is required`);
  }
  return value;
};

const say = (fact: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(fact)}\n`);
};

const name = env('NAME');
const mcpUrl = env('MCP_URL');
const lease = Number(env('LEASE_MS'));
const redis = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: 1 });
const rounds = createRedisDurableRoundStore(redis);
const shutdown = new AbortController();
// Every call listens on it (its own and its SDK request's): many calls, one signal.
setMaxListeners(0, shutdown.signal);
/** Every queue this process shows questions on (one per own call, one for the rounds it resumed). */
const queues: ElicitationQueue[] = [];
/** Its own calls, settled once each completed or was handed over. */
const calls: Promise<unknown>[] = [];

async function connect(): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  attachElicitation(client, { queue: createElicitationQueue() });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return client;
}

const callerClient = await connect();
const resumedClient = await connect();
const resumedQueue = createElicitationQueue();
queues.push(resumedQueue);

const resumer = resumeRounds({
  rounds,
  holder: name,
  lease,
  interval: Math.max(50, lease / 3),
  connect: async () => ({ client: resumedClient, queue: resumedQueue }),
  onOutcome: ({ round, outcome }) => {
    say({ outcome: round.callId, type: outcome.type });
  },
});

/** One of this process's own calls: its queue's first question names the call (its round key). */
async function ownCall(): Promise<void> {
  const queue = createElicitationQueue();
  queues.push(queue);
  let callId: string | undefined;
  const asked = new Promise<void>((resolve) => {
    const stop = queue.subscribe(() => {
      const [entry] = queue.getSnapshot();
      if (entry?.roundKey !== undefined) {
        callId = entry.roundKey.split('/')[0];
        stop();
        resolve();
      }
    });
  });
  const call = callToolDurably(
    callerClient,
    { name: env('TOOL'), arguments: {} },
    { rounds, queue, owner: `user-${name}`, server: { url: mcpUrl }, lease, signal: shutdown.signal },
  );
  calls.push(call.catch(() => undefined));
  await asked;
  void call.then(
    () => say({ result: callId }),
    // Handed over at shutdown (or taken): the round's outcome is a resumer's to tell.
    () => undefined,
  );
}

await Promise.all(Array.from({ length: Number(env('CALLS')) }, () => ownCall()));
say({ ready: name });

const pending = () => queues.flatMap((queue) => queue.getSnapshot().map((entry) => ({ queue, entry })));

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, argument] = line.trim().split(' ');
  if (command === 'count') {
    say({ count: pending().length });
  } else if (command === 'answer') {
    const chosen = pending().slice(0, Number(argument));
    for (const { queue, entry } of chosen) {
      queue.respond(entry.id, { action: 'accept', content: {} });
    }
    say({ answered: chosen.length });
  }
});

process.once('SIGTERM', () => {
  shutdown.abort('redeploy');
  void Promise.all([resumer.stop(), ...calls])
    .then(async () => {
      await Promise.all([callerClient.close(), resumedClient.close()]);
      redis.disconnect();
      process.exit(0);
    })
    .catch(() => process.exit(1));
});
