// Fault journeys (issue 8, item 5), in the browser against the demo server's fault tools: the server withdraws its
// question, the connection drops and comes back, the network is down when the user answers, the server restarts, a
// request id is replayed, the server is slow, one server floods the client (100 requests), and a flood does not
// starve a second server. Each test checks what the user is shown, that typed input survives while the request is
// live, and, through the server's own answer ledger (GET /debug/answers), that it received at most one answer per
// request.
//
// These tests run their own demo server (DEMO_DEBUG=1 for the ledger and /debug/drop, DEMO_RESUMABLE=1 so a dropped
// 2025 stream can resume), one per worker, titled "Fault server"; the restart tests start a private one.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { ERAS } from '../support/env.js';
import { expect, test as base } from '../support/test.js';
import { TIMEOUTS } from '../support/timeouts.js';

const SERVER_DIR = fileURLToPath(new URL('../../apps/demo-server/', import.meta.url));
/** The host's default per-server limit (`createElicitationQueue()` in apps/demo-host). */
const LIMIT = 20;
const LIMIT_MESSAGE = `Too many pending elicitations from elicitation-kit-demo: the limit is ${LIMIT}. Answer or cancel one first.`;
/** The flood tool's default `count` (apps/demo-server/src/tools/faults.ts): within LIMIT, so its defaults work in both eras. */
const FLOOD_DEFAULT = 12;
/** How long a flood may take to reach the page on a loaded 2-core machine. */
const FLOOD_TIMEOUT = 45_000;

/** One record of the demo server's answer ledger (apps/demo-server/src/ledger.ts). */
interface AnswerRecord {
  key: string;
  era: 'legacy' | 'modern';
  tool?: string;
  message?: string;
  asked: number;
  answers: number;
  outcomes: string[];
}

interface AnswerReport {
  requests: AnswerRecord[];
  total: number;
  duplicates: string[];
}

const STATE_KEY = 'e2e-fault-servers-round-state-key-0123456789';

/** A demo server in a child process, with the debug endpoints on. */
class FaultServer {
  private constructor(
    readonly url: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {}

  /** Starts `apps/demo-server` (its start script) on `port` (0 = any) and waits for its URL. */
  static async start(title: string, port = 0): Promise<FaultServer> {
    const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      // One round-state key for every fault server, kept across restarts as a deployment's configured key would be.
      env: {
        ...process.env,
        PORT: String(port),
        // Any free port for the authorization server (unused here): the default, PORT + 1, may be taken when a
        // restart reuses PORT (an ephemeral port the system handed out for something else meanwhile).
        DEMO_AUTH_PORT: '0',
        DEMO_DEBUG: '1',
        DEMO_RESUMABLE: '1',
        DEMO_SERVER_TITLE: title,
        DEMO_STATE_KEY: STATE_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.stdout === null || child.stderr === null) {
      throw new Error('no stdout or stderr');
    }
    // The last of what it wrote to stderr, to say why if it exits before listening.
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    const lines = createInterface({ input: child.stdout });
    const [first] = (await Promise.race([
      once(lines, 'line'),
      once(child, 'exit').then(() => {
        throw new Error(`the demo server exited before listening (port ${port}): ${errors}`);
      }),
    ])) as [string];
    // Keep draining the log lines, or the pipe fills up and the server blocks.
    lines.on('line', () => undefined);
    const { url } = JSON.parse(first) as { url: string };
    return new FaultServer(url, Number(new URL(url).port), child);
  }

  get origin(): string {
    return new URL(this.url).origin;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) {
      return;
    }
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }

  /** Stops it and starts a fresh process on the same port (sessions, rounds and the ledger are gone). */
  async restart(title: string): Promise<FaultServer> {
    await this.stop();
    return FaultServer.start(title, this.port);
  }

  async answers(): Promise<AnswerReport> {
    const response = await fetch(new URL('/debug/answers', this.url));
    expect(response.status).toBe(200);
    return (await response.json()) as AnswerReport;
  }

  async resetAnswers(): Promise<void> {
    const response = await fetch(new URL('/debug/answers', this.url), { method: 'DELETE' });
    expect(response.status).toBe(204);
  }

  /** Cuts every open HTTP connection (SSE streams included); the server keeps listening. */
  async drop(): Promise<void> {
    const response = await fetch(new URL('/debug/drop', this.url), { method: 'POST' });
    expect(response.status).toBe(204);
  }
}

const test = base.extend<{ fault: FaultServer }, { workerFault: FaultServer }>({
  workerFault: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      const server = await FaultServer.start('Fault server');
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  fault: async ({ workerFault }, use) => {
    await workerFault.resetAnswers();
    await use(workerFault);
  },
});

/** Every request the server recorded, with at most one answer each; returns the report. */
async function expectAtMostOneAnswerEach(server: FaultServer): Promise<AnswerReport> {
  const report = await server.answers();
  expect(report.duplicates, 'requests answered more than once').toEqual([]);
  for (const record of report.requests) {
    expect(record.answers, record.key).toBeLessThanOrEqual(1);
  }
  return report;
}

function protocolLog(page: Page): Locator {
  return page.getByRole('log', { name: 'Protocol log entries' });
}

function logEntries(page: Page, outcome: string): Locator {
  return protocolLog(page).locator(`li[data-outcome="${outcome}"]`);
}

/** The panel of one connected server, by its title (several servers are connected at once). */
function panel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Fills the Server URL, presses Connect and waits for that server's panel and tools. */
async function connectServer(page: Page, url: string, title: string, tool: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Server URL' }).fill(url);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const region = panel(page, title);
  await expect(region.getByRole('button', { name: tool, exact: true })).toBeVisible({ timeout: TIMEOUTS.tool });
  return region;
}

/** Runs a tool in one server's panel. */
async function runIn(region: Locator, tool: string, args: Record<string, unknown>): Promise<void> {
  await region.getByRole('button', { name: tool, exact: true }).click();
  await region.getByRole('textbox', { name: 'Arguments' }).fill(JSON.stringify(args));
  await region.getByRole('button', { name: 'Run', exact: true }).click();
}

for (const era of ERAS) {
  test.describe(`faults (${era} era)`, () => {
    // Real servers, several round trips and restarts on a shared 2-core machine: allow three times the usual timeout.
    test.slow();
    test('the server withdraws its question mid-dialog', async ({ page, host, fault }) => {
      await host.open({ server: fault.url, era });
      await host.connect('cancel-midway');
      if (era === 'legacy') {
        // 2025: the server aborts its elicitation/create, the client receives notifications/cancelled.
        await host.runTool('cancel-midway', { afterMs: 4000 });
        const dialog = await host.dialog.expectOpen();
        await expect(dialog).toContainText('this question is withdrawn after a moment');
        // Nobody answers: the dialog closes by itself when the cancellation arrives, and nothing is sent.
        await expect(host.dialog.root).toHaveCount(0, { timeout: TIMEOUTS.tool });
        // The user is told why the dialog went away, not only the protocol log.
        const notice = page.getByRole('status').filter({ hasText: 'withdrew its question' });
        await expect(notice).toContainText('Nothing was sent.');
        await notice.getByRole('button', { name: 'Dismiss' }).click();
        await expect(notice).toHaveCount(0);
        await expect(logEntries(page, 'cancelled')).toContainText('(aborted)');
        await host.expectResult('"status":"withdrawn"');
        await expect(host.result).toContainText('The server withdrew its question after 4000 ms. Nothing was done.');
        const report = await expectAtMostOneAnswerEach(fault);
        expect(report.requests).toEqual([expect.objectContaining({ tool: 'cancel-midway', asked: 1, answers: 0 })]);
      } else {
        // 2026-07-28: nothing can reach a client that holds an input request, so the dialog stays; the server
        // refuses the late answer and says so.
        await host.runTool('cancel-midway', { afterMs: 200 });
        await host.dialog.expectOpen();
        await host.dialog.field(/^Export format/).selectOption('json');
        await host.dialog.field(/^Maximum rows/).fill('12');
        // The server's deadline passes while the user is still in the dialog.
        await page.waitForTimeout(400);
        await expect(host.dialog.field(/^Maximum rows/)).toHaveValue('12');
        await host.dialog.accept();
        await host.dialog.expectClosed();
        await host.expectResult('"status":"withdrawn"');
        await expect(host.result).toContainText(
          'before your answer arrived. Your answer was not used; nothing was done.',
        );
        const report = await expectAtMostOneAnswerEach(fault);
        expect(report.requests).toEqual([
          expect.objectContaining({ tool: 'cancel-midway', asked: 1, answers: 1, outcomes: ['accept'] }),
        ]);
      }
    });

    test('a slow server: progress is shown, Run is disabled, one dialog, one answer', async ({ page, host, fault }) => {
      await host.open({ server: fault.url, era });
      await host.connect('slow-export');
      await host.runTool('slow-export', { seconds: 2 });
      await expect(page.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
      await expect(page.locator('output.progress')).toContainText(/Preparing the export \(\d\/4\)/);
      await expect(host.runButton).toBeDisabled();
      await host.dialog.expectOpen();
      await host.dialog.field(/^Export format/).selectOption('csv');
      await host.dialog.field(/^Maximum rows/).fill('4');
      await host.dialog.accept();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"completed","seconds":2,"format":"csv","maxRows":4');
      await expect(host.runButton).toBeEnabled();
      await expect(logEntries(page, 'shown')).toHaveCount(1);
      await expect(logEntries(page, 'accept')).toHaveCount(1);
      const report = await expectAtMostOneAnswerEach(fault);
      expect(report.requests).toEqual([
        expect.objectContaining({ tool: 'slow-export', asked: 1, answers: 1, outcomes: ['accept'] }),
      ]);
    });

    test('the connection drops mid-dialog and comes back: typed input kept, answer delivered once', async ({
      page,
      host,
      fault,
    }) => {
      await host.open({ server: fault.url, era });
      await host.connect('slow-export');
      await host.runTool('slow-export', { seconds: 0 });
      await host.dialog.expectOpen();
      await host.dialog.field(/^Maximum rows/).fill('7');
      // The server cuts every connection (the 2025 tools/call stream included) and the network stays down briefly.
      await page.route(`${fault.origin}/**`, (route) => route.abort('connectionreset'));
      await fault.drop();
      await page.waitForTimeout(500);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await expect(host.dialog.root).toBeVisible();
      await expect(host.dialog.field(/^Maximum rows/)).toHaveValue('7');
      await host.dialog.field(/^Export format/).selectOption('json');
      await host.dialog.accept();
      await host.dialog.expectClosed();
      // 2025: the SDK client resumes the cut stream with Last-Event-ID and receives the tool's result on it.
      await host.expectResult('"status":"completed","seconds":0,"format":"json","maxRows":7');
      const report = await expectAtMostOneAnswerEach(fault);
      expect(report.requests).toEqual([expect.objectContaining({ tool: 'slow-export', answers: 1 })]);
    });

    test('the network is down when the user answers: never doubled; on 2025 sessions the answer is kept and sent again', async ({
      page,
      host,
      fault,
    }) => {
      await host.open({ server: fault.url, era });
      await host.connect('slow-export');
      await host.runTool('slow-export', { seconds: 0 });
      await host.dialog.expectOpen();
      await page.route(`${fault.origin}/**`, (route) => route.abort('internetdisconnected'));
      await host.dialog.field(/^Export format/).selectOption('json');
      await host.dialog.accept();
      await host.dialog.expectClosed();
      if (era === 'modern') {
        // The retry carrying the answer fails: the call ends with the network error.
        await host.expectResult('Failed to fetch');
        await expect(logEntries(page, 'accept')).toHaveCount(1);
        await expect(protocolLog(page)).toContainText('slow-export: Failed to fetch');
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      } else {
        // The JSON-RPC response could not be POSTed (the SDK does not resend responses) and the server still waits.
        // The kit kept the answer: the host says it did not arrive and offers to send it again, once back online.
        const notice = page.getByRole('status').filter({ hasText: 'did not arrive' });
        await expect(notice).toContainText('send it again once you are back online');
        await expect(logEntries(page, 'undelivered')).toHaveCount(1);
        await expect(host.result).toContainText('Waiting for the server');
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await notice.getByRole('button', { name: 'Send again' }).click();
        await host.expectResult('"status":"completed","seconds":0,"format":"json"');
        await expect(page.getByRole('status').filter({ hasText: 'was sent again' })).toBeVisible();
      }
      const report = await expectAtMostOneAnswerEach(fault);
      // Modern: the retry never left the browser. Legacy: the one answer arrived once, by the resend.
      expect(report.total).toBe(era === 'modern' ? 0 : 1);
    });

    test('100 pending elicitations from one server: the limit applies with a clear message, Cancel all dismisses the rest, and the default flood fits the limit', async ({
      page,
      host,
      fault,
    }) => {
      await host.open({ server: fault.url, era });
      await host.connect('flood');
      await host.selectTool('flood', { count: 100 });
      // Dispatched rather than clicked: the page is busy while 100 requests arrive, and a click would wait for it.
      await host.runButton.dispatchEvent('click');
      if (era === 'legacy') {
        // 2025: 100 concurrent requests; the first 20 are queued, the other 80 refused with -32602 at once.
        await expect(host.dialog.root).toBeVisible({ timeout: FLOOD_TIMEOUT });
        const dialog = host.dialog.root;
        await expect(dialog).toContainText('Flood question 1 of 100');
        await expect(dialog).toContainText(`${LIMIT - 1} more requests waiting`);
        await expect(logEntries(page, 'rejected')).toHaveCount(100 - LIMIT, { timeout: FLOOD_TIMEOUT });
        await expect(logEntries(page, 'rejected').first()).toContainText(`-32602 ${LIMIT_MESSAGE} [too-many-pending]`);
        await expect(logEntries(page, 'shown')).toHaveCount(LIMIT);
        // The server got exactly the 80 refusals; the 20 admitted requests wait for the user.
        await expect.poll(async () => (await fault.answers()).total).toBe(100 - LIMIT);
        // The host's "Cancel all" dismisses the 20 in one go: each answered cancel, once.
        await dialog.getByRole('button', { name: `Cancel all ${LIMIT} from Fault server` }).click();
        await host.dialog.expectClosed();
        await expect.poll(async () => (await fault.answers()).total, { timeout: FLOOD_TIMEOUT }).toBe(100);
        const report = await expectAtMostOneAnswerEach(fault);
        expect(report.requests).toHaveLength(100);
        expect(report.requests.filter((record) => record.outcomes[0] === 'error -32602')).toHaveLength(100 - LIMIT);
        expect(report.requests.filter((record) => record.outcomes[0] === 'cancel')).toHaveLength(LIMIT);
        await expect(logEntries(page, 'cancel')).toHaveCount(LIMIT);
      } else {
        // 2026-07-28: one round of 100; the 21st entry is refused, which fails the whole round (the SDK aborts the
        // siblings), so the call ends with the limit's message and nothing is sent to the server.
        await expect(host.result).toContainText(`${LIMIT_MESSAGE} (-32602)`, { timeout: FLOOD_TIMEOUT });
        await host.dialog.expectClosed();
        await expect(logEntries(page, 'rejected').first()).toContainText(`-32602 ${LIMIT_MESSAGE}`);
        await expect(protocolLog(page)).toContainText(`flood: ${LIMIT_MESSAGE} (-32602)`);
        const report = await expectAtMostOneAnswerEach(fault);
        expect(report.requests).toHaveLength(100);
        expect(report.total).toBe(0);
      }
      // The flood with its defaults (the host prefills them from the tool's schema) stays within the limit in either
      // era: every question is admitted and none refused; "Cancel all" answers them in one go (2026: the retry carries
      // them all).
      await fault.resetAnswers();
      await host.selectTool('flood');
      await expect(host.argumentsBox).toHaveValue(JSON.stringify({ count: FLOOD_DEFAULT }, null, 2));
      const rejectedBefore = await logEntries(page, 'rejected').count();
      await host.runButton.click();
      await expect(host.dialog.root).toContainText(`Flood question 1 of ${FLOOD_DEFAULT}`, { timeout: FLOOD_TIMEOUT });
      await expect(host.dialog.root).toContainText(`${FLOOD_DEFAULT - 1} more requests waiting`, {
        timeout: FLOOD_TIMEOUT,
      });
      await host.dialog.root.getByRole('button', { name: `Cancel all ${FLOOD_DEFAULT} from Fault server` }).click();
      await host.dialog.expectClosed();
      await host.expectResult(`"asked":${FLOOD_DEFAULT},"outcomes":{"cancel":${FLOOD_DEFAULT}}`);
      await expect(logEntries(page, 'rejected')).toHaveCount(rejectedBefore);
      const defaults = await expectAtMostOneAnswerEach(fault);
      expect(defaults.total).toBe(FLOOD_DEFAULT);
      expect(defaults.requests.filter((record) => record.outcomes[0] === 'cancel')).toHaveLength(FLOOD_DEFAULT);
    });

    test('a flood from one server does not starve another: the second server is admitted and answered', async ({
      page,
      host,
      fault,
    }) => {
      // Legacy: 30 (20 admitted, 10 refused). Modern: 20 (a round beyond the limit would fail as a whole at once).
      const count = era === 'legacy' ? 30 : LIMIT;
      const second = await FaultServer.start('Second server');
      try {
        await host.open({ server: fault.url, era });
        const flooder = await connectServer(page, fault.url, 'Fault server', 'flood');
        const other = await connectServer(page, second.url, 'Second server', 'slow-export');
        // Both calls start before any dialog opens (an open dialog makes the page inert). The second server asks
        // after about two seconds, usually behind the flood; the check below does not depend on the order.
        await runIn(other, 'slow-export', { seconds: 2 });
        await runIn(flooder, 'flood', { count });
        await expect(host.dialog.root).toBeVisible({ timeout: FLOOD_TIMEOUT });
        // 20 admitted from the flooder and the second server's one: admitted although the first server is at its
        // limit, because the limit is per server.
        await expect(host.dialog.root).toContainText(`${LIMIT} more requests waiting`, { timeout: FLOOD_TIMEOUT });
        await expect(logEntries(page, 'shown').filter({ hasText: 'The export is ready to run' })).toHaveCount(1);
        let dismissed = 0;
        for (let remaining = LIMIT; remaining >= 0; remaining -= 1) {
          // The header's count tells which dialog this is (it changes with every answer).
          const pending = host.dialog.root.locator('[data-part="pending"]');
          if (remaining === 0) {
            await expect(pending).toHaveCount(0);
          } else {
            await expect(pending).toHaveText(`${remaining} more ${remaining === 1 ? 'request' : 'requests'} waiting`);
          }
          const heading = host.dialog.root.getByRole('heading', { level: 2 });
          if (((await heading.textContent()) ?? '').startsWith('Second server')) {
            await host.dialog.field(/^Export format/).selectOption('csv');
            await host.dialog.field(/^Maximum rows/).fill('2');
            await host.dialog.accept();
          } else {
            await expect(host.dialog.root).toContainText(`of ${count}`);
            await page.keyboard.press('Escape');
            dismissed += 1;
          }
        }
        await host.dialog.expectClosed();
        expect(dismissed).toBe(LIMIT);
        const otherResult = other.getByRole('region', { name: 'Result' });
        const flooderResult = flooder.getByRole('region', { name: 'Result' });
        await expect(otherResult).toContainText('"status":"completed","seconds":2,"format":"csv","maxRows":2', {
          timeout: TIMEOUTS.tool,
        });
        await expect(flooderResult).toContainText(`"asked":${count}`, { timeout: TIMEOUTS.tool });
        await expect(flooderResult).toContainText(`"cancel":${LIMIT}`);
        const flooded = await expectAtMostOneAnswerEach(fault);
        expect(flooded.total).toBe(count);
        expect(flooded.requests).toHaveLength(count);
        const spared = await expectAtMostOneAnswerEach(second);
        expect(spared.requests).toEqual([
          expect.objectContaining({ tool: 'slow-export', answers: 1, outcomes: ['accept'] }),
        ]);
      } finally {
        await second.stop();
      }
    });

    test('the server restarts mid-dialog', async ({ page, host }) => {
      let server = await FaultServer.start('Restarting server');
      try {
        await host.open({ server: server.url, era });
        await host.connect('slow-export');
        await host.runTool('slow-export', { seconds: 0 });
        await host.dialog.expectOpen();
        await host.dialog.field(/^Maximum rows/).fill('9');
        server = await server.restart('Restarting server');
        // The request is still live on the client: the dialog and the typed value stay.
        await expect(host.dialog.root).toBeVisible();
        await expect(host.dialog.field(/^Maximum rows/)).toHaveValue('9');
        await host.dialog.field(/^Export format/).selectOption('csv');
        await host.dialog.accept();
        await host.dialog.expectClosed();
        if (era === 'modern') {
          // The retry reaches the new process: its state still verifies (same key), but the round table died with the
          // old process (its store's epoch is new), so the server says the round was forgotten: ask the user again.
          await host.expectResult('"reason":"round-forgotten","askAgain":true');
          await expect(host.result).toContainText(
            "This answer belongs to a question the server's round store lost (it restarted without keeping its data); nothing was done. Ask the user again.",
          );
          const report = await expectAtMostOneAnswerEach(server);
          expect(report.total).toBe(1);
        } else {
          // The 2025 session died with the process: the answer is refused (404) and never reaches a tool. The kit
          // reports it undelivered, but the host offers no "Send again" (there is no session to send it to); the
          // lost-contact notice says to press Stop, which ends the call.
          await expect(logEntries(page, 'undelivered')).toHaveCount(1);
          await expect(page.getByRole('status').filter({ hasText: 'Lost contact with' })).toContainText(
            'press Stop and run the tool again',
          );
          await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
          await expect(host.result).toContainText('Waiting for the server');
          await page.getByRole('button', { name: 'Stop', exact: true }).click();
          await host.expectResult('Stopped by the user.');
          const report = await expectAtMostOneAnswerEach(server);
          expect(report.total).toBe(0);
        }
      } finally {
        await server.stop();
      }
    });
  });
}

test.describe('a replayed request id (2025 sessions; 2026 requests have no id)', () => {
  test.slow();
  for (const when of ['pending', 'answered'] as const) {
    test(`replayed while ${when}: shown once, answered once`, async ({ page, host, fault }) => {
      await host.open({ server: fault.url, era: 'legacy' });
      await host.connect('replay-check');
      await host.runTool('replay-check', { when });
      await host.dialog.expectOpen();
      if (when === 'pending') {
        // Wait for the copy to arrive (the server logs it after 300 ms) before answering.
        await page.waitForTimeout(600);
      }
      await host.dialog.field(/^Export format/).selectOption('json');
      await host.dialog.field(/^Maximum rows/).fill('3');
      await host.dialog.accept();
      await host.dialog.expectClosed();
      await host.expectResult(`"status":"completed","when":"${when}","replayed":true`);
      await expect(host.dialog.root).toHaveCount(0);
      await expect(logEntries(page, 'shown')).toHaveCount(1);
      await expect(logEntries(page, 'accept')).toHaveCount(1);
      const report = await expectAtMostOneAnswerEach(fault);
      expect(report.requests).toEqual([
        expect.objectContaining({ tool: 'replay-check', asked: 2, answers: 1, outcomes: ['accept'] }),
      ]);
    });
  }
});
