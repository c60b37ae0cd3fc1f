import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useElicitationForm, useElicitationQueue } from './index.js';
import type { ElicitationQueueSource } from './index.js';
import { form, formRequest, paramsOf, urlRequest } from './test/fixtures.js';

const request = () => formRequest(paramsOf('form-03-number-and-integer.json'));

describe('useElicitationForm', () => {
  it('starts from the defaults with no issues shown', () => {
    const { result } = renderHook(() => useElicitationForm(request()));
    expect(result.current.fields.map((field) => field.name)).toEqual(['threshold', 'windowMinutes', 'retries']);
    expect(result.current.values).toEqual({ threshold: 85.5, windowMinutes: 5 });
    expect(result.current.issues).toEqual([]);
  });

  it('refuses to accept invalid values, then shows issues live until fixed, and answers once', () => {
    const parsed = request();
    const onAnswer = vi.fn();
    const { result } = renderHook(() => useElicitationForm(parsed, { onAnswer }));
    act(() => result.current.session.setValue('retries', '1.5'));
    act(() => void result.current.session.accept());
    expect(onAnswer).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ retries: result.current.issues[0]?.message });
    expect(result.current.issues.map((issue) => issue.code)).toEqual(['integer']);
    act(() => result.current.session.setValue('retries', '2'));
    expect(result.current.issues).toEqual([]);
    act(() => void result.current.session.accept());
    act(() => void result.current.session.accept());
    expect(onAnswer.mock.calls).toEqual([
      [{ action: 'accept', content: { threshold: 85.5, windowMinutes: 5, retries: 2 } }],
    ]);
    expect(result.current.status).toBe('answered');
  });

  it('resets to the defaults and hides issues', () => {
    const parsed = request();
    const { result } = renderHook(() => useElicitationForm(parsed));
    act(() => result.current.session.setValue('threshold', undefined));
    act(() => void result.current.session.accept());
    expect(result.current.issues).toHaveLength(1);
    act(() => result.current.session.reset());
    expect(result.current.values).toEqual({ threshold: 85.5, windowMinutes: 5 });
    expect(result.current.issues).toEqual([]);
  });

  it('continues with a re-parsed copy of the same request, and starts over for a new one', () => {
    const { result, rerender } = renderHook(({ parsed }) => useElicitationForm(parsed), {
      initialProps: { parsed: request() },
    });
    act(() => result.current.session.setValue('retries', '4'));
    rerender({ parsed: request() });
    expect(result.current.values).toMatchObject({ retries: '4' });
    rerender({ parsed: form({ password: { type: 'string', title: 'Password' } }) });
    expect(result.current.values).toEqual({});
    expect(result.current.sensitive.map((field) => field.field)).toEqual(['password']);
  });

  it('takes an explicit identity (a queue entry id) over the content', () => {
    const { result, rerender } = renderHook(({ id }) => useElicitationForm(request(), { id }), {
      initialProps: { id: 'a' },
    });
    act(() => result.current.session.setValue('retries', '4'));
    rerender({ id: 'b' });
    expect(result.current.values).toEqual({ threshold: 85.5, windowMinutes: 5 });
  });

  it('uses message overrides', () => {
    const parsed = formRequest(paramsOf('form-01-single-string.json'));
    const { result } = renderHook(() => useElicitationForm(parsed, { messages: { required: () => 'Pflicht.' } }));
    act(() => void result.current.session.accept());
    expect(result.current.errors).toEqual({ branch: 'Pflicht.' });
  });

  it('accepts without content in URL mode', () => {
    const parsed = urlRequest(paramsOf('url-01-api-key-entry.json'));
    const { result } = renderHook(() => useElicitationForm(parsed));
    expect(result.current.fields).toEqual([]);
    expect(result.current.session.accept()).toEqual({ ok: true, result: { action: 'accept' } });
  });
});

/** A minimal external store with a stable snapshot between changes. */
function createStore(initial: string[]) {
  let items: readonly string[] = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    push(item: string) {
      items = [...items, item];
      for (const listener of listeners) listener();
    },
    listeners,
  } satisfies ElicitationQueueSource<string> & Record<string, unknown>;
}

function List({ queue }: { queue: ElicitationQueueSource<string> }) {
  const items = useElicitationQueue(queue);
  return <output>{items.join(',')}</output>;
}

describe('useElicitationQueue', () => {
  it('renders the current items and re-renders on change', () => {
    const store = createStore(['a']);
    render(<List queue={store} />);
    expect(screen.getByRole('status').textContent).toBe('a');
    act(() => store.push('b'));
    expect(screen.getByRole('status').textContent).toBe('a,b');
  });

  it('works with a queue whose methods need their object (class instances)', () => {
    class Queue implements ElicitationQueueSource<string> {
      #items: readonly string[] = ['x'];
      #listeners = new Set<() => void>();
      subscribe(listener: () => void) {
        this.#listeners.add(listener);
        return () => void this.#listeners.delete(listener);
      }
      getSnapshot() {
        return this.#items;
      }
      add(item: string) {
        this.#items = [...this.#items, item];
        for (const listener of this.#listeners) listener();
      }
    }
    const queue = new Queue();
    render(<List queue={queue} />);
    act(() => queue.add('y'));
    expect(screen.getByRole('status').textContent).toBe('x,y');
  });

  it('unsubscribes on unmount', () => {
    const store = createStore([]);
    const { unmount } = render(<List queue={store} />);
    expect(store.listeners.size).toBe(1);
    unmount();
    expect(store.listeners.size).toBe(0);
  });
});
