// Page object for the host's gallery: one page per spec fixture at `#/gallery/<fixture-name>`, where the request is
// rendered inline (in the page's flow, not as a modal) in each look: the kit's own, and the rjsf themes.
import { expect, type Locator, type Page } from '@playwright/test';
import { TIMEOUTS } from '../support/timeouts.js';
import { ElicitationDialogModel } from './dialog.js';

/** The gallery's looks, by the short name its previews use ("Gallery preview (<short>) is asking for input"). */
export const LOOKS = { kit: 'kit', mui: 'MUI', antd: 'Ant Design' } as const;

/** One look of the gallery. */
export type LookId = keyof typeof LOOKS;

/** A gallery page. */
export class GalleryPage {
  readonly page: Page;
  /** The kit's own look. */
  readonly dialog: ElicitationDialogModel;

  constructor(page: Page) {
    this.page = page;
    this.dialog = this.look('kit');
  }

  /** The inline dialog of one look. */
  look(id: LookId): ElicitationDialogModel {
    return new ElicitationDialogModel(
      this.page,
      this.page.getByRole('region', { name: `Gallery preview (${LOOKS[id]}) is asking for input`, exact: true }),
    );
  }

  /** The card around one look: its heading, its inline dialog, then its answer. */
  card(id: LookId): Locator {
    return this.page.locator(`[data-look="${id}"]`);
  }

  /** Opens the gallery page of a fixture (file name without `.json`) and waits for the kit look's dialog. */
  async open(fixture: string): Promise<Locator> {
    await this.page.goto(`/#/gallery/${fixture}`);
    return this.dialog.expectOpen();
  }

  /** What one look answered ("Answered with <action>.") and the ElicitResult it shows. */
  async expectAnswered(id: LookId, action: string): Promise<unknown> {
    const card = this.card(id);
    await expect(card.getByRole('status')).toHaveText(`Answered with ${action}.`, { timeout: TIMEOUTS.dialog });
    return JSON.parse((await card.getByLabel(`ElicitResult (${LOOKS[id]})`).textContent()) ?? 'null');
  }

  /** The live `ElicitResult` preview the gallery shows under the looks. */
  get resultPreview(): Locator {
    return this.page.getByRole('region', { name: 'Result preview' });
  }

  async expectPreview(text: string | RegExp): Promise<void> {
    await expect(this.resultPreview).toContainText(text);
  }
}
