// The chat host as the tests drive it: real HTTP on loopback, a signed-in user's requests (its session cookie), a
// chat message and its streamed reply (the AI SDK UI message stream), and the user's browser tab as the bridge's
// browser half (the page's own `connectElicitationBridge`, in Node, sending the cookie a browser would).
import { connectElicitationBridge } from '@elicitation-kit/bridge/browser';
import type {
  ElicitationBridgeClientEvent,
  RemoteElicitation,
  RemoteElicitationQueue,
} from '@elicitation-kit/bridge/browser';
import { readUIMessageStream } from 'ai';
import type { UIMessage, UIMessageChunk } from 'ai';

/** Where a chat host runs (a `ChatHost`, or a child process's printed URL). */
export interface Origin {
  url: string;
}

/** A signed-in user of `host`. */
export interface User {
  name: string;
  cookie: string;
  /** A request to the host as this user's page makes it (same origin, the session cookie). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Signs `name` in and returns the user. */
export async function signIn(host: Origin, name: string): Promise<User> {
  const response = await fetch(new URL('/api/session', host.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) {
    throw new Error(`sign-in failed: HTTP ${response.status}`);
  }
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    name,
    cookie,
    fetch: (path, init = {}) =>
      fetch(new URL(path, host.url), { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } }),
  };
}

let messages = 0;

/** Sends a chat message as `user`; the response streams the reply. */
export function send(user: User, text: string): Promise<Response> {
  messages += 1;
  return user.fetch('/api/chat', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: { id: `user-${messages}`, role: 'user', parts: [{ type: 'text', text }] } }),
  });
}

/** Every chunk of a streamed reply, read to its end (`[DONE]`). */
export async function readReply(response: Response): Promise<UIMessageChunk[]> {
  if (!response.ok) {
    throw new Error(`the reply failed: HTTP ${response.status} ${await response.text()}`);
  }
  const chunks: UIMessageChunk[] = [];
  for (const event of (await response.text()).split('\n\n')) {
    const data = event.startsWith('data: ') ? event.slice('data: '.length) : '';
    if (data !== '' && data !== '[DONE]') {
      chunks.push(JSON.parse(data) as UIMessageChunk);
    }
  }
  return chunks;
}

/** The assistant message the chunks build (what `useChat` shows). */
export async function messageOf(chunks: readonly UIMessageChunk[]): Promise<UIMessage> {
  let last: UIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk));
      controller.close();
    },
  });
  for await (const message of readUIMessageStream({ stream })) {
    last = message;
  }
  if (last === undefined) {
    throw new Error('the reply built no message');
  }
  return last;
}

/** The text the assistant wrote. */
export function textOf(message: UIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** A browser tab of `user`: the bridge's browser half, subscribed (its stream open), and what it reported. */
export interface Tab {
  queue: RemoteElicitationQueue;
  events: ElicitationBridgeClientEvent[];
  close(): void;
}

/** Opens a tab of `user` on `host`. */
export function openTab(host: Origin, user: User): Tab {
  const events: ElicitationBridgeClientEvent[] = [];
  const queue = connectElicitationBridge({
    url: new URL('/api/elicitations', host.url),
    headers: { cookie: user.cookie },
    onEvent: (event) => events.push(event),
  });
  const unsubscribe = queue.subscribe(() => {});
  return {
    queue,
    events,
    close() {
      unsubscribe();
      queue.close();
    },
  };
}

/** Resolves once `check` holds for the tab's queue (the test's timeout bounds the wait). */
export async function waitForQueue(
  tab: Tab,
  check: (entries: readonly RemoteElicitation[]) => boolean,
): Promise<readonly RemoteElicitation[]> {
  for (;;) {
    const entries = tab.queue.getSnapshot();
    if (check(entries)) {
      return entries;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The tab's first question, once there is one. */
export async function nextQuestion(tab: Tab): Promise<RemoteElicitation> {
  const [entry] = await waitForQueue(tab, (entries) => entries.length > 0);
  return entry as RemoteElicitation;
}

/** The event the tab reports next that matches `check`. */
export async function waitForEvent(
  tab: Tab,
  check: (event: ElicitationBridgeClientEvent) => boolean,
): Promise<ElicitationBridgeClientEvent> {
  for (;;) {
    const found = tab.events.find(check);
    if (found !== undefined) {
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Leaves nothing running for the next test: cancels the tab's questions and waits until the user's turn ended (the
 * reconnect URL answers `204`).
 */
export async function settle(user: User, tab: Tab): Promise<void> {
  for (const entry of tab.queue.getSnapshot()) {
    tab.queue.respond(entry.id, { action: 'cancel' });
  }
  const { id } = (await (await user.fetch('/api/chat')).json()) as { id: string };
  for (;;) {
    const response = await user.fetch(`/api/chat/${id}/stream`);
    await response.body?.cancel();
    if (response.status === 204) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The `ready` event of a fresh bridge stream of `user`: its answer token and the pending questions it re-sends. */
export async function readyOf(user: User): Promise<{ token: string; entries: { id: string; tag?: string }[] }> {
  const response = await user.fetch('/api/elicitations');
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    for (;;) {
      const ready = text
        .split('\n\n')
        .find((block, index, blocks) => index < blocks.length - 1 && block.startsWith('event: ready\n'));
      if (ready !== undefined) {
        return JSON.parse(ready.slice(ready.indexOf('data: ') + 'data: '.length)) as {
          token: string;
          entries: { id: string; tag?: string }[];
        };
      }
      const next = await reader?.read();
      if (next === undefined || next.done) {
        throw new Error(`the stream ended before its ready event (HTTP ${response.status})`);
      }
      text += next.value;
    }
  } finally {
    await reader?.cancel();
  }
}
