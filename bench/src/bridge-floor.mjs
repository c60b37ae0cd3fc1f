// The floor of the bridge's backend on Node's `http`: its wire protocol (a `ready` with a token, an `entry` event per
// question, a `withdrawn` one when it leaves; an answer POSTed with the token, checked against its question with
// core's validator, `200 {"ok":true}`) hand-written on `node:http`, with no Fetch API objects (no `Request`,
// `Response`, web streams or `AbortSignal` per request), no hub, no limits, no MAC. Not a product: what any bridge on
// Node's `http` pays per question, beside what the bridge pays. The load run loads it in place of the bridge with
// BENCH_BRIDGE_FLOOR=1 (bridge-module.mjs; `bridge-profile.mjs --floor`): the same backend process and page half.
// It exports what the backends of the load and end-to-end runs use (`authorize` reads `request.headers.get` only).
import { randomUUID } from 'node:crypto';
import { createContentValidator } from '@elicitation-kit/core';

const encoder = new TextEncoder();
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
const MAX_BODY_BYTES = 256 * 1024;

/** A JSON reply, in one write with its length. */
function reply(response, status, body) {
  response.writeHead(status, JSON_HEADERS);
  response.end(JSON.stringify(body));
}

/** The `elicitation/create` params of a parsed form request (the only kind the load run asks). */
function paramsOf(request) {
  if (request.mode !== 'form') throw new TypeError('the floor carries forms only');
  return { mode: 'form', message: request.message, requestedSchema: request.requestedSchema };
}

/** The bridge's wire protocol on `node:http`, for one process (what the bench's backends call only). */
export function createElicitationBridge({ authorize, origins }) {
  /** Per owner: its open streams and its questions by wire id. */
  const owners = new Map();
  /** The token of each open stream → its owner. */
  const tokens = new Map();
  const ownerOf = (owner) => {
    let held = owners.get(owner);
    if (held === undefined) owners.set(owner, (held = { streams: new Set(), questions: new Map() }));
    return held;
  };
  const broadcast = (owner, text) => {
    const bytes = encoder.encode(text);
    for (const response of ownerOf(owner).streams) response.write(bytes);
  };

  const stream = (owner, response) => {
    const token = randomUUID();
    const held = ownerOf(owner);
    response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
    tokens.set(token, owner);
    held.streams.add(response);
    response.on('close', () => {
      held.streams.delete(response);
      tokens.delete(token);
    });
    const entries = [...held.questions.values()].map((question) => question.json).join(',');
    response.write(encoder.encode(`event: ready\ndata: {"token":"${token}","hub":"floor","entries":[${entries}]}\n\n`));
  };

  const answer = (owner, request, response) => {
    if (tokens.get(request.headers['elicitation-bridge-token']) !== owner) {
      request.resume();
      reply(response, 403, { error: 'bad-token', message: 'Not this user’s stream’s token.' });
      return;
    }
    const chunks = [];
    let bytes = 0;
    request.on('data', (chunk) => {
      bytes += chunk.byteLength;
      if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      let body;
      try {
        body = bytes > MAX_BODY_BYTES ? undefined : JSON.parse(Buffer.concat(chunks, bytes).toString('utf8'));
      } catch {
        body = undefined;
      }
      const question = body === undefined ? undefined : ownerOf(owner).questions.get(body.id);
      if (question === undefined) {
        reply(response, 404, { error: 'not-pending', message: 'This question is not pending.' });
        return;
      }
      const { entry, queue } = question;
      let result = body.result;
      if (result?.action === 'accept') {
        const { requestedSchema: schema, fields, warnings } = entry.request;
        question.validator ??= createContentValidator({ ok: true, schema, fields, warnings });
        const checked = question.validator(result.content ?? {});
        if (!checked.ok) {
          reply(response, 422, { error: 'invalid-content', message: 'The answer does not fit the form.' });
          return;
        }
        result = { action: 'accept', content: checked.content };
      }
      question.answered = true;
      queue.respond(entry.id, result);
      reply(response, 200, { ok: true });
    });
  };

  const listener = async (request, response) => {
    const owner = await authorize({ headers: { get: (name) => request.headers[name] ?? null } });
    const origin = request.headers.origin;
    if (typeof owner !== 'string' || (origin !== undefined && !origins.includes(origin))) {
      request.resume();
      reply(response, 401, { error: 'unauthorized', message: 'Not authorized.' });
    } else if (request.method === 'GET') stream(owner, response);
    else answer(owner, request, response);
  };

  return {
    fetch: () => Promise.reject(new TypeError('the floor serves node:http only')),
    listener,
    expose(owner, queue) {
      const held = ownerOf(owner);
      /** By the queue's entry id. */
      const shown = new Map();
      const sync = () => {
        const seen = new Set();
        for (const entry of queue.getSnapshot()) {
          seen.add(entry.id);
          if (shown.has(entry.id)) continue;
          const wire = {
            id: randomUUID(),
            params: paramsOf(entry.request),
            server: entry.server,
            era: entry.era,
            status: entry.status,
            kind: entry.kind,
            createdAt: entry.createdAt,
          };
          const question = { wireId: wire.id, entry, queue, json: JSON.stringify(wire), answered: false };
          shown.set(entry.id, question);
          held.questions.set(wire.id, question);
          broadcast(owner, `event: entry\ndata: {"entry":${question.json}}\n\n`);
        }
        for (const [id, question] of shown) {
          if (seen.has(id)) continue;
          shown.delete(id);
          held.questions.delete(question.wireId);
          const reason = question.answered ? 'answered' : 'settled';
          queueMicrotask(() =>
            broadcast(owner, `event: withdrawn\ndata: {"id":"${question.wireId}","reason":"${reason}"}\n\n`),
          );
        }
      };
      const unsubscribe = queue.subscribe(sync);
      sync();
      return unsubscribe;
    },
    close() {
      for (const { streams } of owners.values()) for (const response of streams) response.end();
      return Promise.resolve();
    },
  };
}

/** The floor's own listener, as `toNodeListener(bridge)` gives the bridge's. */
export const toNodeListener = (bridge) => bridge.listener;
