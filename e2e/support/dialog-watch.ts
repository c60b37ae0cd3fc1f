// Counts every <dialog> / role=dialog element the page ever inserts, so a test can prove a dialog never appeared,
// not even for a frame.
import type { Page } from '@playwright/test';

/** Installs the counter; call before navigating. */
export async function watchDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { inserted: 0 };
    Object.defineProperty(window, 'elicitationKitDialogsInserted', { get: () => state.inserted });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          // Inline (not a helper): this function is serialised into the page by addInitScript.
          if (
            node instanceof Element &&
            (node.matches('dialog, [role="dialog"]') || node.querySelector('dialog, [role="dialog"]') !== null)
          ) {
            state.inserted += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** How many dialogs the page has inserted since it loaded. */
export async function dialogsInserted(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { elicitationKitDialogsInserted: number }).elicitationKitDialogsInserted,
  );
}
