// Page object for the chat host (apps/chat-host): the sign-in, the conversation (each message a list item, the
// questions it asked inline under it), the message box and its suggestions.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { CHAT_ORIGIN } from '../support/env.js';
import { TIMEOUTS } from '../support/timeouts.js';
import { ElicitationDialogModel } from './dialog.js';

/** The accessible name of every question the demo server asks (the kit's inline region, named like the dialog). */
const QUESTION_NAME = /^Elicitation Kit demo server \(elicitation-kit-demo\) is asking for input$/;

/**
 * A user name of this test's own, `prefix`, then the test's id, repetition and retry: readable in a trace. (Each
 * sign-in is a new user whatever the name, so the name keeps nobody apart.)
 */
export function userName(prefix: string, info: TestInfo): string {
  return `${prefix}-${info.testId.slice(-10)}-${info.repeatEachIndex}-${info.retry}`;
}

/** The chat host's page. */
export class ChatPage {
  readonly page: Page;
  readonly conversation: Locator;
  readonly messageBox: Locator;
  readonly sendButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.conversation = page.getByRole('list', { name: 'Conversation' });
    this.messageBox = page.getByLabel('Message', { exact: true });
    this.sendButton = page.getByRole('button', { name: 'Send', exact: true });
  }

  /** Opens the page. */
  async open(): Promise<void> {
    await this.page.goto(`${CHAT_ORIGIN}/`);
  }

  /** Opens the page and signs in as `name`. */
  async signIn(name: string): Promise<void> {
    await this.open();
    await this.page.getByLabel('Your name').fill(name);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByText(`Signed in as ${name}`)).toBeVisible();
  }

  /** Signs out, and waits for the sign-in. */
  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  /** Types `text` and sends it. */
  async send(text: string): Promise<void> {
    await this.messageBox.fill(text);
    await this.sendButton.click();
  }

  /** The messages of the conversation, in order. */
  messages(): Locator {
    return this.conversation.getByRole('listitem');
  }

  /** The assistant's messages. */
  assistantMessages(): Locator {
    return this.messages().filter({ has: this.page.getByText('Assistant', { exact: true }) });
  }

  /** The questions under `within` (a message), or anywhere on the page. */
  questions(within: Locator | Page = this.page): Locator {
    return within.getByRole('region', { name: QUESTION_NAME });
  }

  /** The one open question under the last assistant message, as a dialog model. */
  async questionOfLastReply(): Promise<ElicitationDialogModel> {
    const question = this.questions(this.assistantMessages().last());
    await expect(question).toBeVisible({ timeout: TIMEOUTS.tool });
    return new ElicitationDialogModel(this.page, question);
  }

  /** Waits for the last assistant message to end with the reply `text` (the model quotes the tool's answer). */
  async expectReply(text: string | RegExp): Promise<void> {
    await expect(this.assistantMessages().last().locator('.message-text')).toHaveText(text, { timeout: TIMEOUTS.tool });
  }

  /**
   * What a fresh stream of the bridge gives this page's user (read in the page, with its cookie): the stream's answer
   * token and the user's pending questions (their ids and tags).
   */
  async bridgeReady(): Promise<{ token: string; entries: { id: string; tag?: string }[] }> {
    return this.page.evaluate(async () => {
      const response = await fetch('/api/elicitations');
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      try {
        for (;;) {
          const blocks = text.split('\n\n');
          const ready = blocks.slice(0, -1).find((block) => block.startsWith('event: ready\n'));
          if (ready !== undefined) {
            return JSON.parse(ready.slice(ready.indexOf('data: ') + 6)) as {
              token: string;
              entries: { id: string; tag?: string }[];
            };
          }
          const next = await reader?.read();
          if (next === undefined || next.done) {
            throw new Error(`the bridge stream ended before its ready event (HTTP ${response.status})`);
          }
          text += next.value;
        }
      } finally {
        await reader?.cancel();
      }
    });
  }

  /** Posts an answer from this page as its script could (same origin, its cookie), with `token` when given. */
  async postAnswer(id: string, token?: string): Promise<{ status: number; error: unknown }> {
    return this.page.evaluate(
      async ({ id: entryId, token: streamToken }) => {
        const response = await fetch('/api/elicitations', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(streamToken === undefined ? {} : { 'Elicitation-Bridge-Token': streamToken }),
          },
          body: JSON.stringify({ id: entryId, result: { action: 'decline' } }),
        });
        return { status: response.status, error: ((await response.json()) as { error?: unknown }).error };
      },
      { id, token },
    );
  }
}
