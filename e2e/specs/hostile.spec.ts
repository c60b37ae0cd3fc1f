// Hostile text in every server-controlled string (issue 8, item 3), in real Chromium under the strict CSP: script
// tags, event-handler attributes, javascript: and markdown links, bidi overrides, zero-width characters, 5,000-character
// strings and lookalike hosts, in the message, field titles, descriptions, option labels, defaults, the server's title
// and the URL. Nothing runs (no `dialog` event, `window.__pwned` never set), nothing becomes an element (no <a>, <img>,
// <script>, <svg>, <iframe> in the dialog), nothing is fetched, the dialog stays inside the viewport with the full
// text reachable, and in URL mode the highlighted host is the host the browser would really visit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, Request } from '@playwright/test';
import type { PlaygroundPage } from '../models/playground.js';
import { expect, test } from '../support/test.js';

/** Each payload, if it ever ran, would set `window.__pwned`. */
const SCRIPT = '<script>window.__pwned = "script"</script>';
const IMG = '<img src="https://evil.example/pixel.png" onerror="window.__pwned = \'img\'">';
const SVG = '<svg onload="window.__pwned = \'svg\'"><circle r="9"/></svg>';
const HTML_LINK = '<a href="javascript:window.__pwned = \'a\'">Verify your account</a>';
const JS_URL = 'javascript:window.__pwned = "url"';
const MD_LINK = '[Verify your account](https://evil.example/login)';
const MD_IMAGE = '![tracker](https://evil.example/md.png)';
const IFRAME = '<iframe src="https://evil.example/frame" onload="window.__pwned = \'iframe\'"></iframe>';
const HANDLER = '<b onmouseover="window.__pwned = \'b\'" style="position:fixed;inset:0">hover me</b>';
const TEMPLATE = "{{constructor.constructor('window.__pwned = \"template\"')()}} ${window.__pwned = 'tpl'}";
const BIDI = 'Pay \u202Emoc.live\u202C now (bidi override)';
const ZERO_WIDTH = 'pay\u200Bpal\u200D.com\u2060 (zero-width)';
const LOOKALIKE = 'Sign in at https://p\u0430ypal.com/ (Cyrillic a)';
/** 5,000 characters without a break opportunity, and 5,000 with spaces. */
const LONG_WORD = `${'W'.repeat(4990)}-long-end`;
const LONG_TEXT = `${'lorem ipsum '.repeat(416)}long-tail`;

const CORPUS = [
  SCRIPT,
  IMG,
  SVG,
  HTML_LINK,
  JS_URL,
  MD_LINK,
  MD_IMAGE,
  IFRAME,
  HANDLER,
  TEMPLATE,
  BIDI,
  ZERO_WIDTH,
  LOOKALIKE,
];

/** A form with hostile text in the message, every title, description, option label and default. */
const HOSTILE_FORM = {
  mode: 'form',
  message: [...CORPUS, LONG_WORD, LONG_TEXT].join('\n'),
  requestedSchema: {
    type: 'object',
    properties: {
      note: { type: 'string', title: SCRIPT, description: `${IMG} ${MD_LINK}`, default: HTML_LINK },
      long: { type: 'string', title: LONG_WORD, description: LONG_TEXT, default: LONG_WORD },
      choice: {
        type: 'string',
        title: BIDI,
        description: IFRAME,
        oneOf: [
          { const: 'a', title: SVG },
          { const: 'b', title: MD_LINK },
          { const: 'c', title: LONG_WORD },
        ],
        default: 'b',
      },
      legacy: {
        type: 'string',
        title: ZERO_WIDTH,
        description: TEMPLATE,
        enum: ['x', 'y'],
        enumNames: [JS_URL, LOOKALIKE],
        default: 'y',
      },
      many: {
        type: 'array',
        title: HANDLER,
        description: MD_IMAGE,
        items: {
          anyOf: [
            { const: 'p', title: IMG },
            { const: 'q', title: LONG_TEXT },
          ],
        },
        default: ['p'],
      },
      flag: { type: 'boolean', title: HANDLER, description: SCRIPT, default: true },
    },
    required: ['note'],
  },
};

/** Elements no server string may ever turn into. */
const FORBIDDEN = 'a, img, script, svg, iframe, object, embed, link, style, base, form[action]';

interface Watch {
  dialogs: string[];
  requests: string[];
}

/** Records browser dialogs (alert/confirm/prompt) and any request to the hostile hosts. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [], requests: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.context().on('request', (request: Request) => {
    if (/evil\.example|paypal|xn--/.test(request.url())) {
      seen.requests.push(request.url());
    }
  });
  await page.addInitScript(() => {
    // A setter too, so even an attempt that is overwritten later is caught.
    let value: unknown;
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => value,
      set: (next: unknown) => {
        value = next;
        (window as unknown as { pwnedAttempts: unknown[] }).pwnedAttempts.push(next);
      },
    });
    Object.defineProperty(window, 'pwnedAttempts', { value: [] });
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: Watch): Promise<void> {
  const attempts = await page.evaluate(() => (window as unknown as { pwnedAttempts: unknown[] }).pwnedAttempts);
  expect(attempts, 'window.__pwned was never set').toEqual([]);
  expect(seen.dialogs, 'no alert/confirm/prompt').toEqual([]);
  expect(seen.requests, 'nothing fetched from hostile hosts').toEqual([]);
}

/**
 * The dialog is inside the viewport and scrolls vertically when its text is long; with `wraps`, nothing in it is wider
 * than the dialog (every long string wraps).
 */
async function expectUsableLayout(page: Page, dialog: Locator, { wraps = true } = {}): Promise<void> {
  const viewport = page.viewportSize();
  expect(viewport).not.toBeNull();
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  if (box !== null && viewport !== null) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }
  const metrics = await dialog.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
    overflowY: getComputedStyle(element).overflowY,
    // Any descendant wider than the dialog's content box would be cut off or force sideways scrolling.
    widest: Math.max(...[...element.querySelectorAll('*')].map((child) => child.getBoundingClientRect().right)),
    right: element.getBoundingClientRect().right,
  }));
  if (wraps) {
    expect(metrics.scrollWidth, 'no horizontal overflow').toBeLessThanOrEqual(metrics.clientWidth + 1);
    expect(metrics.widest, 'no descendant sticks out of the dialog').toBeLessThanOrEqual(metrics.right + 1);
  }
  if (metrics.scrollHeight > metrics.clientHeight) {
    // The rest of the text is reachable by scrolling the dialog.
    expect(['auto', 'scroll']).toContain(metrics.overflowY);
  }
}

/** URL-mode cases: the host the browser would visit (WHATWG parser, same as Node's) must be the one highlighted. */
const URLS: { name: string; url: string; verdict: 'open' | 'blocked' | 'refused' }[] = [
  { name: 'userinfo pretending to be the host', url: 'https://paypal.com@evil.example/login', verdict: 'blocked' },
  {
    name: 'bidi override (encoded) in the path',
    url: 'https://evil.example/%E2%80%AEmoc.lapyap//login',
    verdict: 'open',
  },
  { name: 'punycode lookalike host', url: 'https://xn--pypal-4ve.com/login', verdict: 'open' },
  {
    name: 'brand as a subdomain of another host',
    url: 'https://accounts.google.com.evil.example/signin',
    verdict: 'open',
  },
  { name: 'decimal IP', url: 'https://2130706433/login', verdict: 'open' },
  { name: 'very long path', url: `https://evil.example/${'a'.repeat(5000)}`, verdict: 'open' },
  {
    name: 'markup (encoded) in the query',
    url: 'https://evil.example/?q=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E',
    verdict: 'open',
  },
  // Raw invisible, direction or non-ASCII characters are not a valid URI: refused before anything is shown.
  { name: 'raw bidi override in the path', url: 'https://evil.example/\u202Emoc.lapyap//login', verdict: 'refused' },
  { name: 'raw bidi override in the host', url: 'https://evil.example\u202E.com/', verdict: 'refused' },
  { name: 'raw zero-width space in the host', url: 'https://pay\u200Bpal.com/login', verdict: 'refused' },
  { name: 'raw Cyrillic lookalike host', url: 'https://p\u0430ypal.com/login', verdict: 'refused' },
  {
    name: 'raw markup in the query',
    url: 'https://evil.example/?q=<script>window.__pwned=1</script>',
    verdict: 'refused',
  },
];

/** One URL case: refused before anything is shown, or shown with the real host highlighted. */
async function checkUrl(
  page: Page,
  playground: PlaygroundPage,
  url: string,
  verdict: 'open' | 'blocked' | 'refused',
): Promise<void> {
  await playground.open();
  await playground.paste({ mode: 'url', message: `${BIDI} ${LOOKALIKE} ${MD_LINK}`, elicitationId: 'hostile-1', url });
  if (verdict === 'refused') {
    const error = page.getByLabel('Error response');
    await expect(error).toContainText('-32602');
    await expect(error).toContainText('"reason": "url-invalid"');
    await expect(page.getByRole('button', { name: 'Show dialog' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  // The host the browser would really visit (the WHATWG parser, the same in Node and Chromium).
  const real = new URL(url);
  await page.getByRole('button', { name: 'Show dialog' }).click();
  const dialog = await playground.dialog.expectOpen();
  // The highlighted part is the site (registrable domain) of the host the browser would really visit: a suffix of
  // it at a label boundary, never a look-alike from the userinfo, path or subdomains.
  const highlighted = (await dialog.locator('[data-part="host"]').textContent()) ?? '';
  expect(highlighted).not.toBe('');
  expect(real.hostname === highlighted || real.hostname.endsWith(`.${highlighted}`)).toBe(true);
  const href = dialog.locator('[data-part="href"]');
  await expect(href).toHaveText(real.href);
  await expect(href).toHaveCSS('direction', 'ltr');
  await expect(href).toHaveCSS('unicode-bidi', 'isolate');
  await expect(dialog.locator(FORBIDDEN)).toHaveCount(0);
  if (verdict === 'open') {
    await expect(playground.dialog.openButton).toHaveText(`Open ${real.hostname}`);
  } else {
    await expect(playground.dialog.openButton).toHaveCount(0);
    await expect(dialog).toContainText('This link cannot be opened safely.');
  }
  await expectUsableLayout(page, dialog, { wraps: false });
  await playground.dialog.decline();
  await playground.dialog.expectClosed();
}

test.describe('hostile text (playground)', () => {
  // Several page loads and 5,000-character layouts per test on a shared 2-core machine.
  test.slow();
  test('a form full of markup, links, bidi, zero-width and 5,000-character strings renders as inert text', async ({
    page,
    playground,
  }) => {
    const seen = await watch(page);
    await playground.open();
    await playground.paste(HOSTILE_FORM);
    await page.getByRole('button', { name: 'Show dialog' }).click();
    const dialog = await playground.dialog.expectOpen();
    // The host's own dialog theme (no kit stylesheet) wraps the 5,000-character words too.
    await expectUsableLayout(page, dialog);

    await expect(dialog.locator(FORBIDDEN)).toHaveCount(0);
    // Every string is there, as text.
    const message = dialog.locator('[data-part="message"]');
    for (const text of CORPUS) {
      await expect(message).toContainText(text);
    }
    expect(await message.textContent()).toContain(LONG_WORD);
    expect(await message.textContent()).toContain(LONG_TEXT);
    await expect(dialog).toContainText(SCRIPT);
    await expect(dialog).toContainText(IFRAME);
    await expect(dialog).toContainText(TEMPLATE);
    await expect(playground.dialog.field('note')).toHaveCount(0); // labelled by its (hostile) title, not its key
    await expect(dialog.getByRole('textbox', { name: SCRIPT })).toHaveValue(HTML_LINK);
    await expect(dialog.getByRole('textbox', { name: LONG_WORD })).toHaveValue(LONG_WORD);
    await expect(dialog.getByRole('combobox', { name: BIDI })).toHaveValue('b');
    await expect(dialog.getByRole('combobox', { name: BIDI }).locator('option')).toContainText([
      SVG,
      MD_LINK,
      LONG_WORD,
    ]);
    await expect(dialog.getByRole('combobox', { name: ZERO_WIDTH }).locator('option')).toContainText([
      JS_URL,
      LOOKALIKE,
    ]);
    await expect(dialog.getByRole('checkbox', { name: IMG })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: LONG_TEXT })).not.toBeChecked();
    // The message is isolated from the surrounding text's direction.
    await expect(message).toHaveCSS('unicode-bidi', 'isolate');

    // The demo host's own theme does not wrap 5,000 characters without a break (reported to its owner), so here
    // only the dialog box is checked; the next test checks wrapping with the kit's stylesheet.
    await expectUsableLayout(page, dialog, { wraps: false });
    // Hovering over where the injected full-screen <b> would be does nothing: it is text.
    await page.mouse.move(5, 5);
    await expectNothingRan(page, seen);

    // The defaults go back to the server unchanged, as plain strings.
    await playground.dialog.accept();
    await playground.dialog.expectClosed();
    const result = page.getByLabel('ElicitResult');
    await expect(result).toContainText('"action": "accept"');
    const json = JSON.parse((await result.textContent()) ?? '{}') as { content?: Record<string, unknown> };
    expect(json.content).toEqual({
      note: HTML_LINK,
      long: LONG_WORD,
      choice: 'b',
      legacy: 'y',
      many: ['p'],
      flag: true,
    });
    await expectNothingRan(page, seen);
  });

  test("with the kit's stylesheet every long string wraps inside the dialog and stays reachable", async ({
    page,
    playground,
  }) => {
    const seen = await watch(page);
    // The demo host imports @elicitation-kit/react/styles.css as a host does (a file from its own origin: an
    // injected <style> would be refused by the page's CSP, which allows only styles carrying its nonce).
    await playground.open();
    // 5,000 characters without a break in the message, a title, a description, a default and option labels
    // (single and multi-select).
    await playground.paste({
      mode: 'form',
      message: `${LONG_WORD}\n${LONG_TEXT}`,
      requestedSchema: {
        type: 'object',
        properties: {
          long: { type: 'string', title: LONG_WORD, description: LONG_WORD, default: LONG_WORD },
          choice: { type: 'string', title: 'Choice', oneOf: [{ const: 'c', title: LONG_WORD }], default: 'c' },
          many: { type: 'array', title: 'Many', items: { anyOf: [{ const: 'q', title: LONG_WORD }] } },
        },
      },
    });
    await page.getByRole('button', { name: 'Show dialog' }).click();
    const dialog = await playground.dialog.expectOpen();
    await expectUsableLayout(page, dialog);
    expect(await dialog.locator('[data-part="message"]').textContent()).toBe(`${LONG_WORD}\n${LONG_TEXT}`);
    // The actions at the end of the long content are reachable (Playwright scrolls the dialog to click).
    await playground.dialog.accept();
    await playground.dialog.expectClosed();
    await expect(page.getByLabel('ElicitResult')).toContainText('"action": "accept"');
    await expectNothingRan(page, seen);
  });

  test('URL mode: the highlighted host is the real host, whatever the trick', async ({ page, playground }) => {
    const seen = await watch(page);
    for (const { name, url, verdict } of URLS.filter((entry) => entry.verdict !== 'refused')) {
      await test.step(`${name} (${verdict})`, () => checkUrl(page, playground, url, verdict));
    }
    await expectNothingRan(page, seen);
  });

  test('URL mode: raw bidi, zero-width, non-ASCII or markup characters are refused with -32602 before anything is shown', async ({
    page,
    playground,
  }) => {
    const seen = await watch(page);
    for (const { name, url, verdict } of URLS.filter((entry) => entry.verdict === 'refused')) {
      await test.step(name, () => checkUrl(page, playground, url, verdict));
    }
    await expectNothingRan(page, seen);
  });
});

test.describe('hostile text (through a real server)', () => {
  test.slow();
  test("a server whose title is markup with a bidi override: the host's dialog shows it as text", async ({
    page,
    host,
  }) => {
    const title = `${IMG} \u202Erevres doog\u202C ${SCRIPT}`;
    const seen = await watch(page);
    const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('../../apps/demo-server/', import.meta.url)),
      env: { ...process.env, PORT: '0', DEMO_SERVER_TITLE: title },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      if (child.stdout === null) {
        throw new Error('no stdout');
      }
      const lines = createInterface({ input: child.stdout });
      const [first] = (await once(lines, 'line')) as [string];
      lines.on('line', () => undefined);
      const { url } = JSON.parse(first) as { url: string };
      await host.open({ server: url, era: 'modern' });
      await host.connect('export-data');
      await host.runTool('export-data');
      const dialog = await host.dialog.expectOpen();
      const heading = dialog.getByRole('heading', { level: 2 });
      await expect(heading).toHaveText(`${title} (elicitation-kit-demo) is asking for input`);
      await expect(dialog.locator(FORBIDDEN)).toHaveCount(0);
      await expect(page.getByRole('region', { name: title })).toBeVisible();
      await expect(page.locator('main img, main script')).toHaveCount(0);
      await expectUsableLayout(page, dialog);
      await host.dialog.cancel();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"cancelled"');
      await expectNothingRan(page, seen);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
