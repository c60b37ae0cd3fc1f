// `/api/chat`: the conversation (GET: `{ id, messages, replying }`, `replying` while a resumed turn writes its reply),
// a new message (POST `{ message }`, answered with the reply's stream in the AI SDK UI message stream protocol, what
// `useChat` reads), and `/api/chat/<id>/stream`: the running reply again from its start (`useChat`'s `resume`, after a
// reload), or `204` when nothing runs.
import { createUIMessageStreamResponse } from 'ai';
import type { UIMessage } from 'ai';
import type { Conversations } from './conversations.js';
import { json, readJson, refuse } from './http.js';
import { McpSignInRequired } from './mcp-sign-in.js';

/** The longest message a user may send, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;

/** A message id as `useChat` makes them (and as the page may send them back). */
const MESSAGE_ID = /^[\w-]{1,128}$/;

/** The user message a POST body carries, rebuilt from what it says (nothing else is kept), or why not. */
export function readUserMessage(body: unknown): { ok: true; message: UIMessage } | { ok: false; message: string } {
  const message = (body as { message?: unknown } | null)?.message as
    | { id?: unknown; role?: unknown; parts?: unknown }
    | null
    | undefined;
  if (typeof message !== 'object' || message === null) {
    return { ok: false, message: 'The body needs a message: { message: { id, role: "user", parts } }.' };
  }
  if (typeof message.id !== 'string' || !MESSAGE_ID.test(message.id)) {
    return { ok: false, message: 'message.id must be 1 to 128 letters, digits, "_" or "-".' };
  }
  if (message.role !== 'user') {
    return { ok: false, message: 'message.role must be "user".' };
  }
  const parts = Array.isArray(message.parts) ? (message.parts as unknown[]) : [];
  const texts = parts.flatMap((part) => {
    const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
    return type === 'text' && typeof text === 'string' ? [text] : [];
  });
  const text = texts.join('\n').trim();
  if (texts.length !== parts.length || text === '') {
    return { ok: false, message: 'message.parts must be text parts with something to say.' };
  }
  if (text.length > MAX_MESSAGE_LENGTH) {
    return { ok: false, message: `A message has at most ${MAX_MESSAGE_LENGTH} characters.` };
  }
  return { ok: true, message: { id: message.id, role: 'user', parts: [{ type: 'text', text }] } };
}

/** The handler of `/api/chat` and `/api/chat/<id>/stream`, for a signed-in `user`. */
export function chatRoutes(conversations: Conversations): (request: Request, user: string) => Promise<Response> {
  return async (request, user) => {
    const { pathname } = new URL(request.url);
    const conversation = await conversations.of(user);
    if (pathname !== '/api/chat') {
      if (request.method !== 'GET' || pathname !== `/api/chat/${conversation.id}/stream`) {
        return refuse(404, 'not-found', 'No such chat.');
      }
      return conversation.reply === undefined
        ? new Response(null, { status: 204 })
        : createUIMessageStreamResponse({ stream: conversation.reply.follow() });
    }
    if (request.method === 'GET') {
      return json(200, { id: conversation.id, messages: conversation.messages, replying: conversation.replying });
    }
    if (request.method !== 'POST') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, POST' } });
    }
    const body = await readJson(request);
    if (!body.ok) {
      return body.response;
    }
    const read = readUserMessage(body.value);
    if (!read.ok) {
      return refuse(400, 'wrong-shape', read.message);
    }
    let reply;
    try {
      reply = await conversations.send(user, read.message);
    } catch (error) {
      if (error instanceof McpSignInRequired) {
        return json(401, { error: 'mcp-sign-in-required', message: error.message, ...error.status });
      }
      const reason = error instanceof Error ? error.message : String(error);
      return refuse(502, 'mcp-unreachable', `The MCP server could not be reached: ${reason}`);
    }
    if (reply === 'busy') {
      return refuse(409, 'busy', 'The assistant is still answering your last message.');
    }
    return createUIMessageStreamResponse({ stream: reply.follow() });
  };
}
