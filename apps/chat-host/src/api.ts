// The backend's own routes, as the page calls them (the chat's stream is `useChat`'s, the questions the bridge's).
import type { UIMessage } from 'ai';

/** The signed-in user, or `undefined`. */
export async function fetchUser(): Promise<string | undefined> {
  const response = await fetch('/api/session');
  if (!response.ok) {
    throw new Error(`The session could not be read (HTTP ${response.status}).`);
  }
  const body = (await response.json()) as { user?: unknown };
  return typeof body.user === 'string' ? body.user : undefined;
}

/** Signs in: the user's name as the backend kept it, or the backend's sentence saying what to fix. */
export async function signIn(name: string): Promise<{ ok: true; user: string } | { ok: false; message: string }> {
  const response = await fetch('/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = (await response.json()) as { user?: unknown; message?: unknown };
  if (response.ok && typeof body.user === 'string') {
    return { ok: true, user: body.user };
  }
  return { ok: false, message: typeof body.message === 'string' ? body.message : 'Signing in failed.' };
}

/** Signs out. */
export async function signOut(): Promise<void> {
  await fetch('/api/session', { method: 'DELETE' });
}

/** The user's conversation: its id and the messages so far. */
export interface ChatSnapshot {
  id: string;
  messages: UIMessage[];
  /** A turn another replica finished the tool call of is still writing its reply (the last message is not it yet). */
  replying?: boolean;
}

/** Loads the signed-in user's conversation. */
export async function fetchChat(): Promise<ChatSnapshot> {
  const response = await fetch('/api/chat');
  if (!response.ok) {
    throw new Error(`The conversation could not be loaded (HTTP ${response.status}).`);
  }
  return (await response.json()) as ChatSnapshot;
}
