// Page object for the host's playground: paste `elicitation/create` params, see the dialog or the -32602 error.
import type { Locator, Page } from '@playwright/test';
import { ElicitationDialogModel } from './dialog.js';

/** The playground page (`#/playground`). */
export class PlaygroundPage {
  readonly page: Page;
  readonly input: Locator;
  readonly dialog: ElicitationDialogModel;

  constructor(page: Page) {
    this.page = page;
    this.input = page.getByRole('textbox', { name: 'Elicitation request JSON' });
    this.dialog = new ElicitationDialogModel(page);
  }

  async open(): Promise<void> {
    await this.page.goto('/#/playground');
    await this.input.waitFor();
  }

  /** Replaces the request JSON (params, a full JSON-RPC request, or an `input_required` result). */
  async paste(request: unknown): Promise<void> {
    await this.input.fill(typeof request === 'string' ? request : JSON.stringify(request, null, 2));
  }

  /** Pastes a request and opens it in the (modal) dialog with "Show dialog"; returns the open dialog. */
  async showDialog(request: unknown): Promise<Locator> {
    await this.paste(request);
    await this.page.getByRole('button', { name: 'Show dialog' }).click();
    return this.dialog.expectOpen();
  }

  /** Where the playground reports the error a client would send. */
  get error(): Locator {
    return this.page.getByText(/-32602/).first();
  }
}
