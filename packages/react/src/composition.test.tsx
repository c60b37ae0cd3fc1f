// The dialog's composition contract: one owner of the form state (the session; the widgets keep no copy), parts that
// take their element's props and a ref and compose handlers, open as controllable state, slices that re-render only
// their own part, and the inline presentation.
import { createElicitationSession } from '@elicitation-kit/core';
import type { ElicitResult } from '@elicitation-kit/core';
import type { WidgetProps } from '@rjsf/utils';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRef } from 'react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Elicitation, ElicitationDialog, useElicitation, useSessionSnapshot } from './index.js';
import type { ElicitationTheme } from './index.js';
import { form } from './test/fixtures.js';
import { expectNoAxeViolations } from './test/render.js';

const server = { name: 'Demo Server' };
const request = () =>
  form(
    {
      branch: { type: 'string', title: 'Branch', minLength: 2 },
      count: { type: 'integer', title: 'Count', minimum: 1, maximum: 5 },
      region: { type: 'string', title: 'Region', enum: ['eu', 'us'] },
    },
    ['branch'],
  );

/** A host theme's text widget that records, at every render, its value and the session's value for its field. */
function recordingTheme(seen: { value: unknown; session: unknown }[], read: () => unknown): ElicitationTheme {
  function TextWidget(props: WidgetProps): ReactElement {
    seen.push({ value: props.value, session: read() });
    return (
      <input
        id={props.id}
        value={typeof props.value === 'string' ? props.value : ''}
        aria-invalid={(props.rawErrors?.length ?? 0) > 0 || undefined}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      />
    );
  }
  return { widgets: { TextWidget } };
}

describe('one owner of the form state', () => {
  it('renders every widget from the session and writes every edit straight into it (fails if rjsf kept a copy)', async () => {
    const seen: { value: unknown; session: unknown }[] = [];
    let session: ReturnType<typeof createElicitationSession> | undefined;
    function Spy(): null {
      session = useElicitation().session;
      return null;
    }
    const theme = recordingTheme(seen, () => session?.getSnapshot().values['branch']);
    const user = userEvent.setup();
    render(
      <Elicitation.Root request={request()} server={server} onRespond={() => {}} theme={theme}>
        <Spy />
        <Elicitation.Fields />
        <Elicitation.Actions />
      </Elicitation.Root>,
    );
    await user.type(screen.getByLabelText(/Branch/), 'main');
    // Each edit reached the session before any re-render: a form library holding its own values renders from its
    // copy first and reports to the owner afterwards, so some render would see a value the session does not have.
    expect(seen.length).toBeGreaterThan(4);
    for (const pass of seen) expect(pass.value).toBe(pass.session);
    expect(session?.getSnapshot().values['branch']).toBe('main');
    // The owner changes the value (e.g. a host's reset): the widget shows it at once, with nothing to reconcile.
    act(() => session?.reset());
    expect(screen.getByLabelText(/Branch/)).toHaveProperty('value', '');
    act(() => session?.setValue('branch', 'release'));
    expect(screen.getByLabelText(/Branch/)).toHaveProperty('value', 'release');
    expect(seen.at(-1)).toEqual({ value: 'release', session: 'release' });
  });

  it("hands theme widgets rjsf's contract: the field's own schema, enumOptions, rawErrors, rjsf's ids", async () => {
    const props: WidgetProps[] = [];
    function SelectWidget(widget: WidgetProps): ReactElement {
      props.push(widget);
      // Labelled by the kit's <label htmlFor={id}>, as a theme's control is.
      // oxlint-disable-next-line jsx-a11y/control-has-associated-label
      return <select id={widget.id} aria-describedby={`${widget.id}__error ${widget.id}__help`} />;
    }
    const user = userEvent.setup();
    const parsed = form(
      { region: { type: 'string', title: 'Region', description: 'Where it runs.', enum: ['eu', 'us'] } },
      ['region'],
    );
    render(
      <ElicitationDialog request={parsed} server={server} onRespond={() => {}} theme={{ widgets: { SelectWidget } }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const last = props.at(-1)!;
    expect(last.schema).toEqual(parsed.requestedSchema.properties['region']);
    expect(last.options.enumOptions).toEqual([
      { value: 'eu', label: 'eu' },
      { value: 'us', label: 'us' },
    ]);
    expect(last.rawErrors).toEqual(['Region is required.']);
    expect(last.required).toBe(true);
    // The kit's plain-text error and description carry rjsf's ids, so a theme's aria-describedby finds them.
    expect(document.getElementById(`${last.id}__error`)?.textContent).toBe('Region is required.');
    expect(document.getElementById(`${last.id}__description`)?.textContent).toBe('Where it runs.');
    // The first invalid field got focus through rjsf's `autofocus` (its widget remounted), not a DOM query.
    expect(last.autofocus).toBe(true);
  });
});

describe('parts that compose', () => {
  it("spread the host's props and refs on their elements", () => {
    const root = createRef<HTMLElement>();
    const title = createRef<HTMLHeadingElement>();
    const accept = createRef<HTMLButtonElement>();
    render(
      <Elicitation.Root
        ref={root}
        request={request()}
        server={server}
        onRespond={() => {}}
        className="host-dialog"
        data-testid="root"
      >
        <Elicitation.Title ref={title} className="host-title" />
        <Elicitation.Fields aria-label="Answers" />
        <Elicitation.Actions className="host-actions">
          <Elicitation.Accept ref={accept} className="host-accept" aria-keyshortcuts="Control+Enter" />
        </Elicitation.Actions>
      </Elicitation.Root>,
    );
    expect(root.current?.tagName).toBe('DIALOG');
    expect(root.current?.className).toBe('host-dialog');
    expect(screen.getByTestId('root')).toBe(root.current);
    expect(title.current?.className).toBe('host-title');
    expect(title.current?.dataset['part']).toBe('title');
    expect(screen.getByRole('form', { name: 'Answers' })).toBeTruthy();
    expect(accept.current?.getAttribute('aria-keyshortcuts')).toBe('Control+Enter');
    expect(accept.current?.dataset['action']).toBe('accept');
  });

  it("run the host's handler first, and skip the kit's when it called preventDefault", async () => {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const user = userEvent.setup();
    const order: string[] = [];
    let block = true;
    render(
      <Elicitation.Root request={request()} server={server} onRespond={onRespond}>
        <Elicitation.Actions>
          <Elicitation.Decline
            onClick={(event) => {
              order.push('host');
              if (block) event.preventDefault();
            }}
          />
        </Elicitation.Actions>
      </Elicitation.Root>,
    );
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(order).toEqual(['host']);
    expect(onRespond).not.toHaveBeenCalled();
    block = false;
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'decline' }]]);
  });

  it('say what Decline and Cancel each tell the server', () => {
    render(<ElicitationDialog request={request()} server={server} onRespond={() => {}} />);
    expect(screen.getByText(/Decline tells the server no\. Cancel dismisses the question/)).toBeTruthy();
  });
});

describe('open as controllable state', () => {
  it('uncontrolled: defaultOpen={false} starts hidden; the answer closes it and reports onOpenChange(false) once', async () => {
    const onOpenChange = vi.fn<(open: boolean) => void>();
    const user = userEvent.setup();
    const { rerender } = render(
      <ElicitationDialog
        request={request()}
        server={server}
        onRespond={() => {}}
        defaultOpen={false}
        onOpenChange={onOpenChange}
      />,
    );
    expect(screen.getByRole('dialog', { hidden: true }).dataset['state']).toBe('closed');
    rerender(
      <ElicitationDialog request={request()} server={server} onRespond={() => {}} onOpenChange={onOpenChange} />,
    );
    // Uncontrolled state is the kit's: a later defaultOpen does not reopen it.
    expect(screen.getByRole('dialog', { hidden: true }).dataset['state']).toBe('closed');
    const shown = render(
      <ElicitationDialog request={request()} server={server} onRespond={() => {}} onOpenChange={onOpenChange} />,
    );
    await user.click(shown.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange.mock.calls).toEqual([[false]]);
  });

  it('controlled: hiding does not answer, showing again keeps what was typed', async () => {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const onOpenChange = vi.fn<(open: boolean) => void>();
    const user = userEvent.setup();
    const parsed = request();
    const view = (open: boolean) => (
      <ElicitationDialog
        request={parsed}
        server={server}
        onRespond={onRespond}
        open={open}
        onOpenChange={onOpenChange}
      />
    );
    const { rerender } = render(view(true));
    await user.type(screen.getByLabelText(/Branch/), 'main');
    rerender(view(false));
    expect(screen.getByRole('dialog', { hidden: true })).toHaveProperty('open', false);
    rerender(view(true));
    expect(screen.getByLabelText(/Branch/)).toHaveProperty('value', 'main');
    expect(onRespond).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onRespond.mock.calls).toEqual([[{ action: 'cancel' }]]);
    // The kit asks the host to close it; the host decides (it is controlled).
    expect(onOpenChange.mock.calls).toEqual([[false]]);
  });
});

describe('slices of the session', () => {
  it('re-render a part only when its own slice changes', () => {
    const session = createElicitationSession(request());
    const renders = { branch: 0, count: 0 };
    function Value({ name }: { name: 'branch' | 'count' }): ReactElement {
      renders[name] += 1;
      const value = useSessionSnapshot(session, (snapshot) => snapshot.values[name]);
      return <span>{String(value)}</span>;
    }
    render(
      <>
        <Value name="branch" />
        <Value name="count" />
      </>,
    );
    act(() => session.setValue('branch', 'a'));
    act(() => session.setValue('branch', 'ab'));
    expect(renders).toEqual({ branch: 3, count: 1 });
    act(() => session.setValue('count', '2'));
    expect(renders).toEqual({ branch: 3, count: 2 });
  });

  it("leave a field's widget alone when the host re-renders with a re-parsed request and new object props", () => {
    // A controlled input re-rendered between the browser's edit and React's change event would lose the keystroke
    // (a host re-rendering from a capture listener does that): the rows must not re-render for the host.
    let renders = 0;
    function TextWidget(props: WidgetProps): ReactElement {
      renders += 1;
      return <input id={props.id} value={String(props.value ?? '')} onChange={() => {}} />;
    }
    const theme = { widgets: { TextWidget } };
    const view = () => (
      <ElicitationDialog request={request()} server={{ name: 'Demo Server' }} onRespond={() => {}} theme={theme} />
    );
    const { rerender } = render(view());
    const first = renders;
    rerender(view());
    rerender(view());
    expect(renders).toBe(first);
  });
});

describe('inline presentation', () => {
  it('is a labelled region in the flow, takes focus once, traps nothing, and has no axe violations', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <>
        <button type="button">Before</button>
        <ElicitationDialog presentation="inline" request={request()} server={server} onRespond={() => {}} />
        <button type="button">After</button>
      </>,
    );
    const region = screen.getByRole('region', { name: 'Demo Server is asking for input' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(region);
    // No trap: Tab walks out of it, Shift+Tab back into the page before it.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
    await user.keyboard('{Escape}');
    expect(region.dataset['state']).toBe('open');
    await expectNoAxeViolations(container);
  });

  it('answers each of several questions once and moves focus to the next one still open', async () => {
    const answers: [string, ElicitResult][] = [];
    const user = userEvent.setup();
    const one = form({ a: { type: 'string', title: 'First' } });
    const two = form({ b: { type: 'string', title: 'Second' } }, [], 'Another question.');
    render(
      <>
        <ElicitationDialog
          presentation="inline"
          request={one}
          server={{ name: 'One' }}
          onRespond={(result) => answers.push(['one', result])}
        />
        <ElicitationDialog
          presentation="inline"
          request={two}
          server={{ name: 'Two' }}
          onRespond={(result) => answers.push(['two', result])}
        />
      </>,
    );
    const first = screen.getByRole('region', { name: 'One is asking for input' });
    const second = screen.getByRole('region', { name: 'Two is asking for input' });
    // The first to appear took focus; the second did not steal it.
    expect(document.activeElement).toBe(first);
    await user.click(screen.getAllByRole('button', { name: 'Decline' })[0]!);
    expect(first.hidden).toBe(true);
    expect(document.activeElement).toBe(second);
    await user.click(within(second).getByRole('button', { name: 'Accept' }));
    // Both answered: their buttons are disabled, and pressing again changes nothing.
    await user.click(within(first).getByRole('button', { name: 'Accept', hidden: true }));
    expect(answers).toEqual([
      ['one', { action: 'decline' }],
      ['two', { action: 'accept', content: {} }],
    ]);
  });
});
