// The page's cost (issue 33): the real Public Suffix List (tldts) is a chunk of its own in the demo host's production
// build, which the start page and a form-mode request never load; the first URL-mode request loads it, and its
// dialog shows the verdict of that list.
import type { Request } from '@playwright/test';
import { expect, test } from '../support/test.js';

const PSL_CHUNK = /\/assets\/public-suffix-[\w-]+\.js$/;

test('the Public Suffix List chunk loads on the first URL-mode request, not with the start page or a form', async ({
  page,
  host,
}) => {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') {
      scripts.push(new URL(request.url()).pathname);
    }
  });
  const pslRequests = (): string[] => scripts.filter((path) => PSL_CHUNK.test(path));

  await host.openAndConnect('legacy');
  expect(scripts.length).toBeGreaterThan(0);
  await host.runTool('export-data');
  await host.dialog.expectOpen();
  await host.dialog.decline();
  await host.dialog.expectClosed();
  expect(pslRequests()).toEqual([]);

  await host.runTool('connect-partner');
  await host.dialog.expectOpen();
  await expect(host.dialog.differentSiteNotice).toBeVisible();
  expect(pslRequests()).toHaveLength(1);
  await host.dialog.decline();
  await host.dialog.expectClosed();
  await host.runTool('connect-partner');
  await host.dialog.expectOpen();
  expect(pslRequests()).toHaveLength(1);
});
