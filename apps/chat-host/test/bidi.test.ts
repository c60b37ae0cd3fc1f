// A right-to-left override in server text (a tool's answer the model quotes, a tool's error) must not reorder the
// chat: the page shows each bidi control as a visible marker, `⟨U+202E⟩`, instead of obeying it. Rendered with the
// page's own component (React's server renderer), the text it puts in the DOM, in order.
import type { UIMessage } from 'ai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { revealBidiControls } from '../src/bidi.js';
import { Message } from '../src/message.js';

/** Every bidi control character (Unicode's Bidi_Control). */
const BIDI_CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];

/** The text of each paragraph of `markup`, in DOM order (the component writes plain text: entities only). */
function paragraphs(markup: string): string[] {
  return [...markup.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map(([, text = '']) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}

describe('revealBidiControls', () => {
  it('shows every bidi control as its code point, and nothing else', () => {
    for (const code of BIDI_CONTROLS) {
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      expect(revealBidiControls(`a${String.fromCodePoint(code)}b`)).toBe(`a⟨U+${hex}⟩b`);
    }
    // Prose keeps what is ordinary in prose: line breaks, tabs, an emoji's joiner and variation selector, and text in
    // a right-to-left script.
    const prose = 'line one\nline\ttwo 👩\u200D💻 ❤\uFE0F שלום مرحبا';
    expect(revealBidiControls(prose)).toBe(prose);
  });

  it('reads a 100,000-character string in one pass', () => {
    expect(revealBidiControls('\u202E'.repeat(100_000))).toBe('⟨U+202E⟩'.repeat(100_000));
  });
});

describe('a reply quoting hostile server text', () => {
  const note = 'invoice\u202Egnp.exe\u202C done \u2067reordered\u2069 \u200Fend';
  const message: UIMessage = {
    id: 'reply-1',
    role: 'assistant',
    parts: [
      {
        type: 'dynamic-tool',
        toolName: 'export\u202E-data',
        toolCallId: 'call-1',
        state: 'output-error',
        input: {},
        errorText: `refused \u202Etxt.elif`,
      },
      { type: 'text', text: `export-data answered: {"note":"${note}"}` },
    ],
  };

  it('shows it in its own order, each control a visible marker, none left in the DOM', () => {
    const markup = renderToStaticMarkup(createElement(Message, { message }));
    expect(paragraphs(markup)).toEqual([
      'Assistant',
      'export⟨U+202E⟩-data failed: refused ⟨U+202E⟩txt.elif',
      'export-data answered: {"note":"invoice⟨U+202E⟩gnp.exe⟨U+202C⟩ done ⟨U+2067⟩reordered⟨U+2069⟩ ⟨U+200F⟩end"}',
    ]);
    expect(markup).not.toMatch(/\p{Bidi_Control}/u);
  });
});
