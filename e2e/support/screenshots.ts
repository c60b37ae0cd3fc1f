// Screenshots of dialog states, saved under e2e/artifacts/screenshots/ (gitignored) for review.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';

/** Folder of the saved dialog screenshots. */
const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** Saves a screenshot of `target` as `<name>.png` in {@link SCREENSHOT_DIR}; returns the path. */
export async function saveScreenshot(target: Locator, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await target.screenshot({ path, animations: 'disabled' });
  return path;
}
