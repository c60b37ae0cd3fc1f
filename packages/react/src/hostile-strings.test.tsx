import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { form, urlRequest } from './test/fixtures.js';
import { renderDialog } from './test/render.js';

const HTML = '<img src=x onerror="alert(1)">';
const MARKDOWN = '[click me](javascript:alert(1))';
const LINK = 'https://evil.example/login';
const hostile = [HTML, MARKDOWN, LINK, '**bold** <script>alert(2)</script>', '<a href="https://evil.example">x</a>'];

/** Everything server-controlled set to hostile text: message, titles, descriptions, option labels and defaults. */
const hostileForm = () =>
  form(
    {
      text: { type: 'string', title: HTML, description: MARKDOWN, default: LINK },
      html: { type: 'string', title: 'Default', default: HTML },
      markdown: { type: 'string', title: LINK, description: HTML, default: MARKDOWN },
      single: {
        type: 'string',
        title: MARKDOWN,
        oneOf: hostile.map((title, index) => ({ const: `v${index}`, title })),
      },
      legacy: { type: 'string', title: 'Legacy', enum: ['a', 'b'], enumNames: [HTML, LINK] },
      multi: {
        type: 'array',
        title: '<b>multi</b>',
        items: { anyOf: hostile.map((title, index) => ({ const: `m${index}`, title })) },
      },
      flag: { type: 'boolean', title: '<input type=password>', description: LINK },
    },
    ['text'],
    `${HTML} ${MARKDOWN} ${LINK}`,
  );

/** No element a server string could have produced: the dialog renders none of these itself in form mode. */
const ACTIVE = 'img, a, script, iframe, object, embed, link, style, b, strong:not([data-part=host]), svg, math';

describe('server strings render as inert plain text', () => {
  afterEach(() => vi.restoreAllMocks());

  it('in form mode: message, titles, descriptions, option labels and defaults', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { dialog } = renderDialog({
      request: hostileForm(),
      server: { name: HTML, title: MARKDOWN, url: LINK },
    });
    expect(dialog.querySelectorAll(ACTIVE)).toHaveLength(0);
    expect(dialog.querySelectorAll('input[type=password]')).toHaveLength(0);
    expect(dialog.querySelectorAll('[onerror], [href], [src]')).toHaveLength(0);
    // The exact strings are visible as text where they belong.
    expect(screen.getByText(`${HTML} ${MARKDOWN} ${LINK}`)).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe(`${MARKDOWN} (${HTML}) is asking for input`);
    expect(screen.getByLabelText(`${HTML} (required)`)).toHaveProperty('value', LINK);
    expect(screen.getByLabelText('Default')).toHaveProperty('value', HTML);
    expect(screen.getByLabelText(LINK, { selector: '[data-part=input]' })).toHaveProperty('value', MARKDOWN);
    expect(screen.getByText(MARKDOWN, { selector: '[data-part=description]' })).toBeTruthy();
    for (const label of hostile) {
      expect(screen.getAllByRole('option', { name: label }).length).toBeGreaterThan(0);
      expect(screen.getByRole('checkbox', { name: label })).toBeTruthy();
    }
    expect(screen.getByRole('group', { name: '<b>multi</b>' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '<input type=password>' })).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });

  it('in URL mode: the message and the URL stay text, with no link to follow', () => {
    const url = `https://mcp.example/connect?next=${encodeURIComponent(HTML)}#${encodeURIComponent(MARKDOWN)}`;
    const request = urlRequest({ mode: 'url', message: `${HTML} ${MARKDOWN}`, elicitationId: 'e', url });
    const { dialog } = renderDialog({ request });
    expect(dialog.querySelectorAll('img, a, script, iframe, [href], [src]')).toHaveLength(0);
    expect(screen.getByText(`${HTML} ${MARKDOWN}`)).toBeTruthy();
    expect(dialog.querySelector('code')?.textContent).toBe(request.link.href);
  });

  it('shows invisible and direction-changing characters instead of obeying them', () => {
    const request = form({ a: { type: 'string', title: 'A' } }, [], 'ok');
    const { dialog } = renderDialog({ request, server: { name: 'S', url: 'https://good.example/\u202Egnp.exe' } });
    expect(dialog.querySelector('[data-part=server]')?.textContent).toBe('https://good.example/⟨U+202E⟩gnp.exe');
  });
});
