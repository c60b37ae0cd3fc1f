// The suite's `test`: Playwright's, plus page objects, a record of every message the browser sends to the demo
// server, and two checks after every test (no CSP violation, no uncaught page error).
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { HostPage } from '../models/host-page.js';
import { GalleryPage } from '../models/gallery.js';
import { PlaygroundPage } from '../models/playground.js';
import { DEMO_SERVER_ORIGIN, HOST_ORIGIN, type Era } from './env.js';

/** One JSON-RPC message the browser POSTed to the demo server. */
export interface SentMessage {
  method?: string;
  id?: string | number | null;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** An `ElicitResult` as sent on the wire, or the JSON-RPC error the client answered with. */
export type ElicitAnswer =
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'decline' | 'cancel' }
  | { error: { code: number; message: string } };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the browser sent to the demo server during a test. */
export class ServerTraffic {
  readonly messages: SentMessage[] = [];
  readonly requests: Request[] = [];

  record(request: Request): void {
    if (!request.url().startsWith(DEMO_SERVER_ORIGIN)) {
      return;
    }
    this.requests.push(request);
    if (request.method() !== 'POST') {
      return;
    }
    let body: unknown;
    try {
      body = request.postDataJSON();
    } catch {
      return;
    }
    for (const message of Array.isArray(body) ? body : [body]) {
      if (message && typeof message === 'object') {
        this.messages.push(message as SentMessage);
      }
    }
  }

  /**
   * Every answer to an elicitation the browser sent, in order: in the legacy era the JSON-RPC response (an
   * `ElicitResult`, or an error such as -32602) to the server's `elicitation/create`; in the modern era each value of
   * the `inputResponses` of a retried `tools/call`.
   */
  elicitationAnswers(): ElicitAnswer[] {
    const answers: ElicitAnswer[] = [];
    for (const message of this.messages) {
      if (message.method === undefined && message.error !== undefined) {
        answers.push({ error: message.error });
      } else if (message.method === undefined && message.result !== undefined && 'action' in message.result) {
        answers.push(message.result as ElicitAnswer);
      } else if (message.method === 'tools/call' && isRecord(message.params?.inputResponses)) {
        for (const value of Object.values(message.params.inputResponses)) {
          answers.push(value as ElicitAnswer);
        }
      }
    }
    return answers;
  }

  /** `tools/call` requests for one tool (first call and modern-era retries). */
  toolCalls(name: string): SentMessage[] {
    return this.messages.filter((m) => m.method === 'tools/call' && m.params?.name === name);
  }
}

/** A `securitypolicyviolation` event as recorded in the page. */
interface CspViolation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  line: number;
  column: number;
}

function describeViolation(v: CspViolation): string {
  return `${v.directive} blocked ${v.blockedURI || '(inline)'} at ${v.sourceFile}:${v.line}:${v.column}`;
}

/**
 * Whether a violation is zod 4's capability probe `Function("")` (in the MCP SDK's bundle): a feature test with an
 * empty body, caught by zod, which then runs without code generation. Under `script-src 'self'` the browser still
 * reports it. Only this exact call is tolerated: the served script is fetched and the blocked call site must be an
 * empty `Function()` constructor. Any other eval-like call fails the test. Remove once the host sets zod's `jitless`.
 */
async function isEmptyFunctionProbe(page: Page, v: CspViolation): Promise<boolean> {
  if (v.blockedURI !== 'eval' || !v.directive.startsWith('script-src') || !v.sourceFile.startsWith(HOST_ORIGIN)) {
    return false;
  }
  const response = await page.request.get(v.sourceFile);
  const line = (await response.text()).split('\n')[v.line - 1] ?? '';
  // Chromium reports the column of the call (1-based); look at the few characters around it.
  const around = line.slice(Math.max(0, v.column - 12), v.column + 16);
  return /\bFunction\((``|''|"")\)/.test(around);
}

interface Fixtures {
  /** The era the host is forced into (`?era=`). Set with `test.use({ era })`. */
  era: Era;
  host: HostPage;
  gallery: GalleryPage;
  playground: PlaygroundPage;
  traffic: ServerTraffic;
  /** Fails the test on any CSP violation or uncaught page error. */
  pageHealth: void;
}

export const test = base.extend<Fixtures>({
  era: ['modern', { option: true }],
  traffic: async ({ context }, use) => {
    const traffic = new ServerTraffic();
    const listener = (request: Request): void => traffic.record(request);
    context.on('request', listener);
    await use(traffic);
    context.off('request', listener);
  },
  host: async ({ page }, use) => {
    await use(new HostPage(page));
  },
  gallery: async ({ page }, use) => {
    await use(new GalleryPage(page));
  },
  playground: async ({ page }, use) => {
    await use(new PlaygroundPage(page));
  },
  pageHealth: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await page.addInitScript(() => {
        const seen: unknown[] = [];
        Object.defineProperty(window, 'elicitationKitCspViolations', { value: seen });
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push({
            directive: event.violatedDirective,
            blockedURI: event.blockedURI,
            sourceFile: event.sourceFile,
            line: event.lineNumber,
            column: event.columnNumber,
          });
        });
      });
      await use();
      if (!page.isClosed()) {
        const violations = await page.evaluate(
          () =>
            (window as unknown as { elicitationKitCspViolations?: CspViolation[] }).elicitationKitCspViolations ?? [],
        );
        for (const violation of violations) {
          if (await isEmptyFunctionProbe(page, violation)) {
            testInfo.annotations.push({ type: 'csp-probe', description: `tolerated: ${describeViolation(violation)}` });
          } else {
            errors.push(`csp: ${describeViolation(violation)}`);
          }
        }
      }
      expect(errors, 'no CSP violation and no uncaught error in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
