// Page object for the host's gallery: one page per spec fixture at `#/gallery/<fixture-name>`.
import { expect, type Locator, type Page } from '@playwright/test';
import { ElicitationDialogModel } from './dialog.js';

/** A gallery page. */
export class GalleryPage {
  readonly page: Page;
  readonly dialog: ElicitationDialogModel;

  constructor(page: Page) {
    this.page = page;
    this.dialog = new ElicitationDialogModel(page);
  }

  /** Opens the gallery page of a fixture (file name without `.json`) and waits for its dialog. */
  async open(fixture: string): Promise<Locator> {
    await this.page.goto(`/#/gallery/${fixture}`);
    return this.dialog.expectOpen();
  }

  /** The live `ElicitResult` preview the gallery shows next to the dialog. */
  get resultPreview(): Locator {
    return this.page.getByRole('region', { name: /result/i });
  }

  async expectPreview(text: string | RegExp): Promise<void> {
    await expect(this.resultPreview).toContainText(text);
  }
}
