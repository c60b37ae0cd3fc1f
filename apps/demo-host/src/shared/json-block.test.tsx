import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonBlock } from './json-block.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JsonBlock', () => {
  it('copies its JSON to the clipboard and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<JsonBlock value={{ action: 'decline' }} label="ElicitResult" />);
    expect(screen.getByLabelText('ElicitResult').textContent).toBe('{\n  "action": "decline"\n}');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('{\n  "action": "decline"\n}');
  });

  it('selects the text when the clipboard refuses, so it can be copied by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('no')) } });
    render(<JsonBlock value={[1, 2]} label="Numbers" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Selected: press Ctrl+C'));
    expect(window.getSelection()?.toString()).toBe('[\n  1,\n  2\n]');
  });

  it('is named by its label only: the button says "Copy" and describes the block in its tooltip', () => {
    render(<JsonBlock value={null} label="Error response" />);
    expect(screen.getAllByLabelText('Error response')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Copy' }).title).toBe('Copy Error response');
  });
});
