// Page object for <ElicitationDialog> (packages/react) as any page renders it: role, name, buttons, fields. Modal by
// default (role dialog); an inline one (a region named like the dialog) is passed as its root.
import { expect, type Locator, type Page } from '@playwright/test';
import { TIMEOUTS } from '../support/timeouts.js';

/** `label`, optionally followed by the kit's " (required)" marker, as a whole-string pattern. */
function labelPattern(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: \\(required\\))?$`);
}

/** The elicitation dialog. */
export class ElicitationDialogModel {
  readonly page: Page;
  readonly root: Locator;
  readonly acceptButton: Locator;
  readonly declineButton: Locator;
  readonly cancelButton: Locator;
  /** URL mode: the button that opens the link in a new tab (absent when the link may not be opened). */
  readonly openButton: Locator;
  /** URL mode: the notice that the link is on another site than the asking server (the kit's `different-site` part). */
  readonly differentSiteNotice: Locator;

  constructor(page: Page, root?: Locator) {
    this.page = page;
    this.root = root ?? page.getByRole('dialog');
    this.acceptButton = this.root.getByRole('button', { name: 'Accept', exact: true });
    this.declineButton = this.root.getByRole('button', { name: 'Decline', exact: true });
    this.cancelButton = this.root.getByRole('button', { name: 'Cancel', exact: true });
    this.openButton = this.root
      .getByRole('button', { name: /^Open\b/ })
      .or(this.root.getByRole('link', { name: /^Open\b/ }));
    this.differentSiteNotice = this.root.locator('[data-part="different-site"]');
  }

  /** Waits for the dialog to be open and returns it. */
  async expectOpen(): Promise<Locator> {
    await expect(this.root).toBeVisible({ timeout: TIMEOUTS.tool });
    return this.root;
  }

  /** Waits for the dialog to be gone. */
  async expectClosed(): Promise<void> {
    await expect(this.root).toHaveCount(0, { timeout: TIMEOUTS.dialog });
  }

  /**
   * A form control by its visible label. A string matches the whole label, with or without the kit's
   * " (required)" marker, so `field('Maximum rows')` finds the control labelled "Maximum rows (required)".
   */
  field(label: string | RegExp): Locator {
    return this.root.getByLabel(typeof label === 'string' ? labelPattern(label) : label);
  }

  /** A multi-select: the group (fieldset) named by its legend. */
  group(legend: string): Locator {
    return this.root.getByRole('group', { name: labelPattern(legend) });
  }

  /** A form control by role and accessible name (for radios/checkboxes inside groups). */
  control(
    role: 'textbox' | 'spinbutton' | 'checkbox' | 'combobox' | 'radio' | 'listbox',
    name: string | RegExp,
  ): Locator {
    return this.root.getByRole(role, { name, exact: typeof name === 'string' });
  }

  /** Asserts a control is marked invalid, described by `message`, and focused. */
  async expectInvalid(control: Locator, message: string | RegExp, { focused = true } = {}): Promise<void> {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    // The error is read first; the field's description and its up-front hint follow it.
    await expect(control).toHaveAccessibleDescription(
      typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : message,
    );
    if (focused) {
      await expect(control).toBeFocused();
    }
  }

  async accept(): Promise<void> {
    await this.acceptButton.click();
  }

  async decline(): Promise<void> {
    await this.declineButton.click();
  }

  async cancel(): Promise<void> {
    await this.cancelButton.click();
  }
}
