import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GalleryPage } from './gallery-page.js';
import { THEME_VARIABLES, themeCss, themeStyle } from './theme-panel.js';

afterEach(cleanup);

describe('the theme panel', () => {
  it('offers every variable the kit stylesheet reads', () => {
    const css = readFileSync(join(__dirname, '../../../../packages/react/src/styles.css'), 'utf8');
    const read = new Set(css.match(/var\(--elicitation-[a-z-]+/g)?.map((match) => match.slice(4)));
    const offered = new Set(THEME_VARIABLES.map((variable) => variable.name));
    // Font, shadow and backdrop are not worth a field in a preview; everything else is offered.
    for (const name of read) {
      if (!['--elicitation-font', '--elicitation-shadow', '--elicitation-backdrop'].includes(name)) {
        expect(offered, name).toContain(name);
      }
    }
  });

  it('turns edits into the dialog style and a :root rule, ignoring blank fields', () => {
    const overrides = { '--elicitation-accent': ' #ff0000 ', '--elicitation-radius': '' };
    expect(themeStyle(overrides)).toEqual({ '--elicitation-accent': '#ff0000' });
    expect(themeCss(overrides)).toBe(':root {\n  --elicitation-accent: #ff0000;\n}');
    expect(themeCss({})).toContain('Change a variable');
  });

  it("previews a variable live on the kit's look, and resets", () => {
    render(<GalleryPage fixtureId="form-01-single-string" scheme="light" />);
    const dialog = screen.getByRole('region', { name: 'Gallery preview (kit) is asking for input' });
    const look = screen.getByRole('region', { name: 'The kit’s own look' });
    const accent = within(look).getByRole('textbox', { name: '--elicitation-accent' });
    fireEvent.change(accent, { target: { value: '#ff0000' } });
    expect(dialog.style.getPropertyValue('--elicitation-accent')).toBe('#ff0000');
    expect(within(look).getByLabelText('Theme CSS').textContent).toContain('--elicitation-accent: #ff0000;');

    fireEvent.click(within(look).getByRole('button', { name: 'Reset to the theme' }));
    expect(dialog.style.getPropertyValue('--elicitation-accent')).toBe('');
  });
});
