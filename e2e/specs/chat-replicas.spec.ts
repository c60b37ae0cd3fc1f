// The chat host as two replicas behind a round-robin balancer, sharing a real redis-server, in Chromium: the replica
// running the user's turn is killed (`kill -9`) while its question is open and half typed. The other replica takes
// the durable round over (2026-07-28) and the page shows the question again with what was typed; the answer goes
// through the survivor, the tool call completes once, and the chat shows the reply that the survivor wrote.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startRedis, type TestRedis } from '@elicitation-kit/test-redis';
import { ChatPage } from '../models/chat-page.js';
import { ElicitationDialogModel } from '../models/dialog.js';
import { CHAT_PORT, DEMO_SERVER_URL } from '../support/env.js';
import { startRoundRobin, type RoundRobin } from '../support/round-robin.js';
import { expect, test } from '../support/test.js';
import { TIMEOUTS } from '../support/timeouts.js';

const CHAT_HOST_DIR = fileURLToPath(new URL('../../apps/chat-host/', import.meta.url));
/** The build the suite's chat host serves (playwright.config.ts makes it before any test runs). */
const CHAT_DIST = fileURLToPath(new URL(`../artifacts/chat-dist-${CHAT_PORT}`, import.meta.url));
const SECRET = 'e2e-chat-replicas-secret-0123456789abcdef';
/** How soon the survivor takes a dead replica's round. */
const LEASE_MS = 1000;

interface Replica {
  child: ChildProcess;
  port: number;
}

let redis: TestRedis;
let balancer: RoundRobin;
let replicas: Replica[] = [];

/** Starts a chat host replica as its own process, as a deployment runs it. */
async function startReplica(): Promise<Replica> {
  const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', 'server/main.ts'], {
    cwd: CHAT_HOST_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MCP_URL: DEMO_SERVER_URL,
      CHAT_DIST,
      CHAT_HOSTS: `127.0.0.1:${balancer.port}`,
      CHAT_REDIS_URL: redis.url,
      CHAT_SECRET: SECRET,
      CHAT_ROUND_LEASE_MS: String(LEASE_MS),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error('a chat host replica exited before listening');
    }),
  ])) as [string];
  lines.on('line', () => undefined);
  const port = Number(/at http:\/\/127\.0\.0\.1:(\d+)\//.exec(first)?.[1]);
  expect(port, first).toBeGreaterThan(0);
  return { child, port };
}

test.beforeAll(async () => {
  redis = await startRedis();
  balancer = await startRoundRobin([]);
  replicas = [await startReplica(), await startReplica()];
  balancer.targets.push(...replicas.map(({ port }) => port));
});

test.afterAll(async () => {
  for (const { child } of replicas) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
  await balancer.close();
  await redis.stop();
});

test('kill -9 the replica running the turn mid-question: the other shows it again, typed input kept, and finishes the call once', async ({
  page,
}) => {
  await page.goto(`${balancer.origin}/`);
  await page.getByLabel('Your name').fill('ada');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as ada')).toBeVisible();

  const chat = new ChatPage(page);
  await chat.send('Export the orders');
  const question = await chat.questionOfLastReply();
  await expect(question.root).toContainText('How should the orders export be produced?');
  await question.field(/^Maximum rows/).fill('7');

  // The replica that took the message runs the turn and holds the call: kill it.
  const holder = balancer.log.find(({ request }) => request === 'POST /api/chat')?.port;
  const doomed = replicas.find(({ port }) => port === holder);
  expect(doomed, JSON.stringify(balancer.log)).toBeDefined();
  const exited = once(doomed!.child, 'exit');
  doomed!.child.kill('SIGKILL');
  await exited;
  balancer.targets.splice(balancer.targets.indexOf(doomed!.port), 1);

  // The reply's stream broke with it: the page says so, and that an open question can still be answered.
  await expect(page.getByRole('alert')).toContainText('The reply was cut off.', { timeout: TIMEOUTS.tool });
  // The survivor takes the round over and asks again: the page shows its copy alone, with what was typed.
  await expect(page.getByText('What you typed before is filled in again; nothing was sent yet.')).toBeVisible({
    timeout: TIMEOUTS.tool,
  });
  await expect(chat.questions()).toHaveCount(1);
  const again = new ElicitationDialogModel(page, chat.questions());
  await expect(again.field(/^Maximum rows/)).toHaveValue('7');
  await again.field('Export format').selectOption('csv');
  await again.accept();

  // The survivor sent the answer, finished the call and continued the turn: the page shows its reply.
  await chat.expectReply(/^export-data answered: \{"status":"completed","format":"csv","maxRows":7,/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(chat.assistantMessages()).toHaveCount(1);
  await expect(chat.assistantMessages().getByText('Used export-data.')).toHaveCount(1);
  await expect(chat.questions()).toHaveCount(0);

  // A reload reads the same conversation from the shared store, through either replica.
  await page.reload();
  await chat.expectReply(/^export-data answered: \{"status":"completed","format":"csv","maxRows":7,/);
});
