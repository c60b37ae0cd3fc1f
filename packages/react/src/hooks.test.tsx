import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue, ElicitResult, ParsedElicitation } from '@elicitation-kit/core';
import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useElicitationQueue, useElicitationSession, useSessionSnapshot } from './index.js';
import type { UseElicitationSessionOptions } from './index.js';
import { form, formRequest, paramsOf, urlRequest } from './test/fixtures.js';

const request = () => formRequest(paramsOf('form-03-number-and-integer.json'));

/** Headless form state as a host builds it: the session and its snapshot (what `useElicitationForm` used to give). */
function useForm(parsed: ParsedElicitation, options?: UseElicitationSessionOptions) {
  const session = useElicitationSession(parsed, options);
  return { ...useSessionSnapshot(session), session, fields: session.fields, sensitive: session.sensitive };
}

describe('useElicitationSession with useSessionSnapshot (headless form state)', () => {
  it('starts from the defaults with no issues shown', () => {
    const { result } = renderHook(() => useForm(request()));
    expect(result.current.fields.map((field) => field.name)).toEqual(['threshold', 'windowMinutes', 'retries']);
    expect(result.current.values).toEqual({ threshold: 85.5, windowMinutes: 5 });
    expect(result.current.issues).toEqual([]);
  });

  it('refuses to accept invalid values, then shows issues live until fixed, and answers once', () => {
    const parsed = request();
    const onAnswer = vi.fn();
    const { result } = renderHook(() => useForm(parsed, { onAnswer }));
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
    const { result } = renderHook(() => useForm(parsed));
    act(() => result.current.session.setValue('threshold', undefined));
    act(() => void result.current.session.accept());
    expect(result.current.issues).toHaveLength(1);
    act(() => result.current.session.reset());
    expect(result.current.values).toEqual({ threshold: 85.5, windowMinutes: 5 });
    expect(result.current.issues).toEqual([]);
  });

  it('continues with a re-parsed copy of the same request, and starts over for a new one', () => {
    const { result, rerender } = renderHook(({ parsed }) => useForm(parsed), {
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
    const { result, rerender } = renderHook(({ id }) => useForm(request(), { id }), {
      initialProps: { id: 'a' },
    });
    act(() => result.current.session.setValue('retries', '4'));
    rerender({ id: 'b' });
    expect(result.current.values).toEqual({ threshold: 85.5, windowMinutes: 5 });
  });

  it('uses message overrides', () => {
    const parsed = formRequest(paramsOf('form-01-single-string.json'));
    const { result } = renderHook(() => useForm(parsed, { messages: { required: () => 'Pflicht.' } }));
    act(() => void result.current.session.accept());
    expect(result.current.errors).toEqual({ branch: 'Pflicht.' });
  });

  it('accepts without content in URL mode', () => {
    const parsed = urlRequest(paramsOf('url-01-api-key-entry.json'));
    const { result } = renderHook(() => useForm(parsed));
    expect(result.current.fields).toEqual([]);
    expect(result.current.session.accept()).toEqual({ ok: true, result: { action: 'accept' } });
  });
});

/** A core queue and its producer, to put entries in by hand. */
function createStore(messages: string[]) {
  const queue = createElicitationQueue();
  const producer = queue.openProducer();
  const push = (message: string): void => {
    const made = producer.create({
      request: formRequest({ ...paramsOf('form-01-single-string.json'), message }),
      server: { id: 'server-1', name: 'Acme' },
      era: 'legacy',
      kind: 'request',
    });
    if (made.ok) producer.add(made.entry, () => undefined);
  };
  for (const message of messages) push(message);
  return { queue, push };
}

function List({ queue }: { queue: ElicitationQueue }) {
  const entries = useElicitationQueue(queue);
  return <output>{entries.map((entry) => entry.request.message).join(',')}</output>;
}

describe('useElicitationQueue', () => {
  it('renders the current entries and re-renders on change', () => {
    const store = createStore(['a']);
    render(<List queue={store.queue} />);
    expect(screen.getByRole('status').textContent).toBe('a');
    act(() => store.push('b'));
    expect(screen.getByRole('status').textContent).toBe('a,b');
  });

  it('works with a queue whose methods need their object (class instances)', () => {
    const store = createStore(['x']);
    class Queue implements ElicitationQueue {
      #inner = store.queue;
      subscribe(listener: () => void) {
        return this.#inner.subscribe(listener);
      }
      getSnapshot() {
        return this.#inner.getSnapshot();
      }
      respond(id: string, result: ElicitResult) {
        return this.#inner.respond(id, result);
      }
      respondAll(serverId: string, result: { action: 'decline' | 'cancel' }) {
        return this.#inner.respondAll(serverId, result);
      }
    }
    render(<List queue={new Queue()} />);
    act(() => store.push('y'));
    expect(screen.getByRole('status').textContent).toBe('x,y');
  });

  it('unsubscribes on unmount', () => {
    const { queue } = createStore([]);
    const listeners = new Set<() => void>();
    const watched: ElicitationQueue = {
      ...queue,
      subscribe(listener) {
        listeners.add(listener);
        const stop = queue.subscribe(listener);
        return () => {
          listeners.delete(listener);
          stop();
        };
      },
    };
    const { unmount } = render(<List queue={watched} />);
    expect(listeners.size).toBe(1);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
