import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaygroundPage } from './playground-page.js';

const examples = join(__dirname, '../../../../fixtures/examples');
const fixture = (file: string): string => readFileSync(join(examples, file), 'utf8');

afterEach(cleanup);

function paste(text: string): void {
  fireEvent.change(screen.getByRole('textbox', { name: 'Elicitation request JSON' }), { target: { value: text } });
}

/** Params asking for a name, with extra (unenforced: each one a warning) keywords on the field. */
const field = (keywords: object): string =>
  JSON.stringify({
    message: 'Your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string', ...keywords } } },
  });

const resultJson = (): unknown => JSON.parse(screen.getByLabelText('ElicitResult').textContent ?? '');

describe('the playground', () => {
  it('shows pasted params in the dialog only on request, and the ElicitResult of the answer', async () => {
    const user = userEvent.setup();
    render(<PlaygroundPage />);
    paste(
      JSON.stringify({
        message: 'Pick one',
        requestedSchema: {
          type: 'object',
          properties: { color: { type: 'string', enum: ['red', 'blue'], default: 'blue' } },
        },
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show dialog' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Pick one')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resultJson()).toEqual({ action: 'accept', content: { color: 'blue' } });

    // Start over forgets the answer and waits for "Show dialog" again: no modal springs open over the page.
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.queryByLabelText('ElicitResult')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show dialog' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('answers a JSON-RPC request with a JSON-RPC response carrying its id', async () => {
    const user = userEvent.setup();
    render(<PlaygroundPage />);
    paste(fixture('form-04-boolean.json'));
    await user.click(screen.getByRole('button', { name: 'Show dialog' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(resultJson()).toEqual({ jsonrpc: '2.0', id: 4, result: { action: 'decline' } });
  });

  it('shows the entries of an input_required result in turn and builds the retry', async () => {
    const user = userEvent.setup();
    render(<PlaygroundPage />);
    paste(fixture('2026-07-28/02-input-required-result-form-and-url.json'));
    expect(screen.getByText(/Request 1 of 2/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show dialog' }));
    let dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText(/Format/), 'csv');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(screen.getByText(/Request 2 of 2/)).toBeTruthy();
    // A URL-mode request: shown once the Public Suffix List (its own chunk) has loaded.
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Open mcp.example.com' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(resultJson()).toEqual({
      inputResponses: {
        export_options: { action: 'accept', content: { format: 'csv', maxRows: 1000, includeHeaders: true } },
        warehouse_login: { action: 'decline' },
      },
      requestState: 'eyJ2IjoxLCJ0b29sIjoiZXhwb3J0LWRhdGEifQ.hmac-placeholder',
    });
  });

  it('shows the exact -32602 error the client sends for a request it refuses, and no dialog', () => {
    render(<PlaygroundPage />);
    paste(fixture('invalid/01-nested-object-property.json'));
    const error = JSON.parse(screen.getByLabelText('Error response').textContent ?? '') as {
      id: unknown;
      error: { code: number; data: { reason: string } };
    };
    expect(error).toMatchObject({ id: 101, error: { code: -32602, data: { reason: 'nested-object' } } });
    expect(screen.queryByRole('button', { name: 'Show dialog' })).toBeNull();
  });

  it('refuses a URL request when URL mode is not declared', async () => {
    const user = userEvent.setup();
    render(<PlaygroundPage />);
    paste(fixture('url-02-third-party-oauth.json'));
    expect(await screen.findByRole('button', { name: 'Show dialog' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'URL mode' }));
    expect(screen.getByLabelText('Error response').textContent).toContain('mode-not-declared');
  });

  it('shows one warning as a sentence under its heading, and several as a list named by it', () => {
    render(<PlaygroundPage />);
    paste(field({ pattern: '^a' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Warning' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText(/uses 'pattern'/).tagName).toBe('P');

    paste(field({ pattern: '^a', examples: ['ada'] }));
    const list = screen.getByRole('list', { name: 'Warnings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says what is wrong with text it cannot read', () => {
    render(<PlaygroundPage />);
    paste('{"message": ');
    expect(screen.getByRole('alert').textContent).toContain('Not valid JSON');
  });
});
