import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { GalleryPage } from './gallery-page.js';

afterEach(cleanup);

const resultJson = (): unknown => JSON.parse(screen.getByLabelText('ElicitResult').textContent ?? '');

describe('the gallery', () => {
  it('previews the ElicitResult live as the user edits, and says why Accept is blocked', async () => {
    const user = userEvent.setup();
    render(<GalleryPage fixtureId="form-01-single-string" scheme="light" />);
    // Inline in the canvas (no modal): the kit's own look, and one preview per rjsf theme.
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = screen.getByRole('region', { name: 'Gallery preview (kit) is asking for input' });
    expect(screen.getByRole('region', { name: 'Gallery preview (MUI) is asking for input' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Gallery preview (Ant Design) is asking for input' })).toBeTruthy();
    // form-01 asks for a required branch name without a default: nothing to send yet, and Accept is blocked.
    expect(resultJson()).toEqual({ action: 'accept', content: {} });
    // One issue: a sentence, not a one-item list.
    const blocked = screen.getByRole('region', { name: 'Accept is blocked until' });
    expect(within(blocked).getByText('branch')).toBeTruthy();
    expect(within(blocked).queryByRole('list')).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: /Branch/ }), 'release/2.4');
    expect(resultJson()).toEqual({ action: 'accept', content: { branch: 'release/2.4' } });
    expect(screen.queryByRole('region', { name: 'Accept is blocked until' })).toBeNull();
  });

  it('shows the exact -32602 error for a fixture the client refuses', () => {
    render(<GalleryPage fixtureId="invalid-01-nested-object-property" scheme="light" />);
    const response = JSON.parse(screen.getByLabelText('Error response').textContent ?? '') as {
      error: { code: number; data: { path: string } };
    };
    expect(response.error.code).toBe(-32602);
    expect(response.error.data.path).toMatch(/^requestedSchema\.properties\./);
    expect(screen.queryByRole('region', { name: /is asking for input/ })).toBeNull();
  });
});
