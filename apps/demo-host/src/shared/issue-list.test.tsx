import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IssueList } from './issue-list.js';

afterEach(cleanup);

const issue = (where: string, message: string) => ({ key: where, where, message });

describe('IssueList', () => {
  it('shows nothing for no issue', () => {
    const { container } = render(<IssueList issues={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows a single issue as a sentence, not a one-item list', () => {
    const { container } = render(<IssueList issues={[issue('a.pattern', 'is ignored.')]} labelledBy="heading" />);
    expect(screen.queryByRole('list')).toBeNull();
    const sentence = container.querySelector('p.warnings');
    expect(sentence?.textContent).toBe('a.pattern is ignored.');
    expect(sentence?.querySelector('code')?.textContent).toBe('a.pattern');
  });

  it('lists two or more, named by the heading it is given', () => {
    render(
      <>
        <h3 id="warnings-heading">Warnings</h3>
        <IssueList issues={[issue('a', 'one'), issue('b', 'two')]} labelledBy="warnings-heading" />
      </>,
    );
    const list = screen.getByRole('list', { name: 'Warnings' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a one', 'b two']);
  });

  it('keeps markup in the messages as text', () => {
    render(<IssueList issues={[issue('<i>x</i>', '<b>bold</b>')]} />);
    expect(screen.getByText('<b>bold</b>', { exact: false }).querySelector('b')).toBeNull();
  });
});
