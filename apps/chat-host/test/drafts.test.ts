// The chat page's drafts (src/drafts.ts) on their own: what is kept of a question's values, under which key, and what
// is read back. Node has no sessionStorage: a small Map-backed one stands in for the browser's here (the real one is
// exercised in Chromium by e2e/specs/chat-reload.spec.ts). The requests are parsed by core, as the page parses them.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseElicitation } from '@elicitation-kit/core';
import type { RemoteElicitation } from '@elicitation-kit/bridge/browser';
import { dropDraft, keepDraft, readDraft } from '../src/drafts.js';

class MapStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, value);
  }
  keys(): string[] {
    return [...this.#items.keys()];
  }
  values(): string[] {
    return [...this.#items.values()];
  }
}

let storage: MapStorage;
beforeEach(() => {
  storage = new MapStorage();
  Object.defineProperty(globalThis, 'window', { value: { sessionStorage: storage }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

/** A question as the page holds it: a form parsed by core. */
function question(properties: Record<string, unknown>, extra: Partial<RemoteElicitation> = {}): RemoteElicitation {
  const parsed = parseElicitation({
    mode: 'form',
    message: 'Sign in to the warehouse',
    requestedSchema: { type: 'object', properties },
  });
  if (!parsed.ok) {
    throw new Error(parsed.error.message);
  }
  return {
    id: 'wire-1',
    request: parsed.request,
    server: { id: 'server-1', name: 'Warehouse' },
    era: 'modern',
    signal: new AbortController().signal,
    status: 'pending',
    kind: 'request',
    createdAt: 0,
    ...extra,
  };
}

it('keeps the values typed, never a secret-looking field, and gives them back to the same user only', () => {
  const entry = question({
    account: { type: 'string', title: 'Account name' },
    password: { type: 'string', title: 'Password' },
  });
  expect(entry.request.mode === 'form' && entry.request.sensitive.map(({ field }) => field)).toEqual(['password']);
  const withBridge: [string, unknown][] = [];
  keepDraft('ann', entry, { account: 'acme', password: 'hunter22' }, (id, content) => withBridge.push([id, content]));

  expect(withBridge).toEqual([['wire-1', { account: 'acme' }]]);
  expect(storage.values().join('')).not.toContain('hunter22');
  expect(readDraft('ann', entry)).toEqual({ account: 'acme' });
  expect(readDraft('bob', entry)).toBeUndefined();

  dropDraft('ann', entry);
  expect(readDraft('ann', entry)).toBeUndefined();
  expect(storage.length).toBe(0);
});

it('keys a durable question by its round key, so a new id of the same round finds the draft', () => {
  const first = question({ account: { type: 'string' } }, { id: 'wire-1', roundKey: 'call-7/1/login' });
  keepDraft('ann', first, { account: 'acme' }, () => undefined);
  const moved = question({ account: { type: 'string' } }, { id: 'wire-2', roundKey: 'call-7/1/login' });
  expect(readDraft('ann', moved)).toEqual({ account: 'acme' });
  const other = question({ account: { type: 'string' } }, { id: 'wire-3', roundKey: 'call-7/1/other' });
  expect(readDraft('ann', other)).toBeUndefined();
});

it('reads stored drafts as untrusted: only the form’s own fields with content values, `__proto__` as a plain field', () => {
  const entry = question({
    ['__proto__']: { type: 'string' },
    count: { type: 'number' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
  });
  keepDraft('ann', entry, { count: '3' }, () => undefined);
  const [key] = storage.keys();
  storage.setItem(key!, JSON.stringify({ ['__proto__']: 'x', count: { nested: true }, tags: ['a'], extra: 'y' }));
  const draft = readDraft('ann', entry);
  expect(draft).toEqual(JSON.parse('{"__proto__":"x","tags":["a"]}'));
  expect(Object.getPrototypeOf(draft)).toBe(Object.prototype);
  storage.setItem(key!, 'not json');
  expect(readDraft('ann', entry)).toBeUndefined();
});

it('falls back to the draft the bridge carried over from a moved question, and keeps nothing when storage is refused', () => {
  const entry = question(
    { account: { type: 'string' } },
    { roundKey: 'call-8/1/login', draft: { account: 'carried' } },
  );
  expect(readDraft('ann', entry)).toEqual({ account: 'carried' });
  Object.defineProperty(globalThis, 'window', {
    value: {
      get sessionStorage(): Storage {
        throw new DOMException('refused', 'SecurityError');
      },
    },
    configurable: true,
  });
  expect(() => keepDraft('ann', entry, { account: 'acme' }, () => undefined)).not.toThrow();
  expect(readDraft('ann', entry)).toEqual({ account: 'carried' });
});
