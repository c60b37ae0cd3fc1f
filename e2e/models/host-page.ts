// Page object for the demo host's main page: connect to a server, pick a tool, run it, read the result.
// Selectors are the accessible names the host promises (issue 5), never CSS classes.
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_SERVER_URL, type Era } from '../support/env.js';
import { TIMEOUTS } from '../support/timeouts.js';
import { ElicitationDialogModel } from './dialog.js';

/** Options of {@link HostPage.open}. */
export interface OpenOptions {
  /** Server URL to prefill (`?server=`). */
  server?: string;
  /** Force the protocol era on connect (`?era=`); the host's default is `auto`. */
  era?: Era | 'auto';
  /** Extra query parameters (e.g. `elicitation=none`). */
  query?: Record<string, string>;
}

/** The demo host's main page. */
export class HostPage {
  readonly page: Page;
  readonly serverUrl: Locator;
  readonly connectButton: Locator;
  readonly argumentsBox: Locator;
  readonly runButton: Locator;
  readonly result: Locator;
  readonly dialog: ElicitationDialogModel;

  constructor(page: Page) {
    this.page = page;
    this.serverUrl = page.getByRole('textbox', { name: 'Server URL' });
    this.connectButton = page.getByRole('button', { name: 'Connect', exact: true });
    this.argumentsBox = page.getByRole('textbox', { name: 'Arguments' });
    this.runButton = page.getByRole('button', { name: 'Run', exact: true });
    this.result = page.getByRole('region', { name: 'Result' });
    this.dialog = new ElicitationDialogModel(page);
  }

  /** Loads the host with the server URL prefilled and the era forced. */
  async open(options: OpenOptions = {}): Promise<void> {
    const params = new URLSearchParams({ server: options.server ?? DEMO_SERVER_URL, ...options.query });
    if (options.era) {
      params.set('era', options.era);
    }
    await this.page.goto(`/?${params.toString()}`);
    await expect(this.serverUrl).toHaveValue(options.server ?? DEMO_SERVER_URL);
  }

  /** The button that selects a tool, named after the tool. */
  toolButton(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Presses Connect and waits until the server's tools are listed (`waitForTool` names one of them). */
  async connect(waitForTool = 'export-data'): Promise<void> {
    await this.connectButton.click();
    await expect(this.toolButton(waitForTool)).toBeVisible({ timeout: TIMEOUTS.tool });
  }

  /** Protocol-log lines with a given elicitation outcome (`shown`, `accept`, `rejected`, `cancelled`, …). */
  logOutcomes(outcome: string): Locator {
    return this.page.getByRole('log', { name: 'Protocol log entries' }).locator(`[data-outcome="${outcome}"]`);
  }

  /** The era badge of the (single) connected server. */
  get eraBadge(): Locator {
    return this.page.getByTestId('server-era');
  }

  /** Opens the page with the era forced, connects, and checks the server card shows that era. */
  async openAndConnect(era: Era, options: Omit<OpenOptions, 'era'> = {}): Promise<void> {
    await this.open({ ...options, era });
    await this.connect();
    await expect(this.eraBadge).toHaveText(era);
  }

  /** Selects a tool and, when given, replaces its arguments JSON. */
  async selectTool(name: string, args?: Record<string, unknown>): Promise<void> {
    await this.toolButton(name).click();
    await expect(this.runButton).toBeEnabled();
    if (args !== undefined) {
      await this.argumentsBox.fill(JSON.stringify(args));
    }
  }

  /** Selects a tool and runs it (the result or a dialog follows asynchronously). */
  async runTool(name: string, args?: Record<string, unknown>): Promise<void> {
    await this.selectTool(name, args);
    await this.runButton.click();
  }

  /** The tool result's first text item parsed as JSON (the demo server puts its structured summary there). */
  async resultSummary(): Promise<unknown> {
    const first = this.result.locator('pre').first();
    await expect(first).toBeVisible({ timeout: TIMEOUTS.tool });
    return JSON.parse(await first.innerText()) as unknown;
  }

  /** Waits for the Result region to contain `text` (a tool call round trip). */
  async expectResult(text: string | RegExp): Promise<void> {
    await expect(this.result).toContainText(text, { timeout: TIMEOUTS.tool });
  }
}
