// An entry whose earlier answer was refused (the mcp bridge's `entry.refused`: the backend refused the answer, the
// question still waits): the dialog that shows it again starts from what the user typed and says why, instead of
// coming back empty with no word.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ElicitationDialog } from './index.js';
import { form } from './test/fixtures.js';

const request = form(
  {
    branch: { type: 'string', title: 'Branch' },
    maxRows: { type: 'integer', title: 'Max rows', minimum: 1, default: 100 },
  },
  ['branch'],
);
const MESSAGE =
  'The backend refused this answer (403 bad-origin): The page’s origin, http://localhost:5173, is not in this bridge’s `origins`: questions are only shown to, and answers only taken from, this application’s own pages. Answering again will not help until that is fixed; what you typed is kept.';

describe('an entry with a refused answer', () => {
  it('starts from the refused answer’s values, says why, and answers again with them', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const entry = { id: 'q', request, server: { name: 'Acme' } };
    const { rerender } = render(<ElicitationDialog entry={entry} onRespond={onRespond} />);
    await user.type(screen.getByLabelText(/Branch/), 'r2');
    await user.clear(screen.getByLabelText(/Max rows/));
    await user.type(screen.getByLabelText(/Max rows/), '5');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const answer = { action: 'accept', content: { branch: 'r2', maxRows: 5 } } as const;
    expect(onRespond).toHaveBeenCalledWith(answer);

    // The queue takes the entry out while the answer is posted (the host renders no dialog), then shows it again
    // under a new id with the refusal.
    rerender(<></>);
    rerender(
      <ElicitationDialog
        entry={{ ...entry, id: 'q#1', refused: { message: MESSAGE, result: answer } }}
        onRespond={onRespond}
      />,
    );
    expect((screen.getByLabelText(/Branch/) as HTMLInputElement).value).toBe('r2');
    expect((screen.getByLabelText(/Max rows/) as HTMLInputElement).value).toBe('5');
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond).toHaveBeenCalledTimes(2);
    expect(onRespond).toHaveBeenLastCalledWith(answer);
  });

  it('a refused decline starts from the defaults, and still says why', () => {
    const entry = {
      id: 'q#1',
      request,
      server: { name: 'Acme' },
      refused: { message: MESSAGE, result: { action: 'decline' } as const },
    };
    render(<ElicitationDialog entry={entry} onRespond={vi.fn()} />);
    expect((screen.getByLabelText(/Branch/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Max rows/) as HTMLInputElement).value).toBe('100');
    expect(screen.getByText(MESSAGE)).toBeTruthy();
  });
});

describe('defaultValues: a draft the host kept', () => {
  it('starts the form from the draft (checked like typed values) and answers with it', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const entry = { id: 'q', request, server: { name: 'Acme' } };
    render(<ElicitationDialog entry={entry} defaultValues={{ branch: 'r7', maxRows: 0 }} onRespond={onRespond} />);
    // An option, not an attribute: nothing of it reaches the DOM element.
    expect(screen.getByRole('dialog').hasAttribute('defaultvalues')).toBe(false);
    expect((screen.getByLabelText(/Branch/) as HTMLInputElement).value).toBe('r7');
    expect((screen.getByLabelText(/Max rows/) as HTMLInputElement).value).toBe('0');
    // A draft is not an answer: an invalid value in it is refused on Accept like a typed one.
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Max rows/));
    await user.type(screen.getByLabelText(/Max rows/), '9');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond).toHaveBeenCalledWith({ action: 'accept', content: { branch: 'r7', maxRows: 9 } });
  });

  it('a refused answer’s values win over the draft', () => {
    const entry = {
      id: 'q#1',
      request,
      server: { name: 'Acme' },
      refused: { message: MESSAGE, result: { action: 'accept', content: { branch: 'refused', maxRows: 3 } } as const },
    };
    render(<ElicitationDialog entry={entry} defaultValues={{ branch: 'draft' }} onRespond={vi.fn()} />);
    expect((screen.getByLabelText(/Branch/) as HTMLInputElement).value).toBe('refused');
  });
});
