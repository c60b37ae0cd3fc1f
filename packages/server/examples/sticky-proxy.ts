// A load balancer in front of replicas of a server built with serveBothEras: a 2026-07-28 request carries no session
// and goes to the next replica in turn (any replica can answer it: they share the state key and the round store);
// a 2025 session lives in the memory of the replica that answered its `initialize`, so every later request with its
// `Mcp-Session-Id` goes there (learned from that answer's header). When that replica is gone the session is too: the
// proxy answers 404 "Session not found", which tells a 2025 client to start a new session.
// Run: npx tsx examples/sticky-proxy.ts 8080 http://127.0.0.1:3001/mcp http://127.0.0.1:3002/mcp
import { createServer, request } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** A running proxy. */
export interface StickyProxy {
  url: string;
  close(): Promise<void>;
}

/** Headers that belong to one hop, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
/** The most 2025 sessions remembered (oldest forgotten first). */
const MAX_SESSIONS = 100_000;

function forwarded(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function sessionGone(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
}

/** Starts the proxy on 127.0.0.1:`port` (0: any free port) in front of `upstreams` (each replica's MCP URL). */
export async function startStickyProxy(port: number, upstreams: readonly string[]): Promise<StickyProxy> {
  const sessions = new Map<string, string>();
  let next = 0;

  /**
   * Sends one request to `upstream`. `onUnreachable` runs instead when the replica could not take it: nothing
   * listens there (`ECONNREFUSED`: nothing was sent), or, for a session's request, the replica died before answering.
   */
  const forward = (
    req: IncomingMessage,
    body: Buffer,
    res: ServerResponse,
    upstream: string,
    onUnreachable: () => void,
  ) => {
    const target = new URL(upstream);
    const outgoing = request(target, { method: req.method, headers: forwarded(req.headers) }, (answer) => {
      const session = answer.headers['mcp-session-id'];
      if (typeof session === 'string' && req.headers['mcp-session-id'] === undefined) {
        sessions.set(session, upstream);
        if (sessions.size > MAX_SESSIONS) {
          sessions.delete(sessions.keys().next().value ?? '');
        }
      }
      res.writeHead(answer.statusCode ?? 502, forwarded(answer.headers));
      res.flushHeaders(); // an SSE stream may not send its first event for a while
      answer.pipe(res);
      // The replica died mid-stream: cut the client's stream too, so it notices at once.
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) {
        res.destroy();
      } else if (error.code === 'ECONNREFUSED' || req.headers['mcp-session-id'] !== undefined) {
        onUnreachable();
      } else {
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(`The replica did not answer: ${error.code ?? error.message}`);
      }
    });
    res.on('close', () => outgoing.destroy());
    outgoing.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const session = req.headers['mcp-session-id'];
      if (typeof session === 'string') {
        const upstream = sessions.get(session);
        if (upstream === undefined) {
          sessionGone(res);
          return;
        }
        if (req.method === 'DELETE') {
          sessions.delete(session);
        }
        // The replica holding the session is gone, and the session with it: 404 tells the client to start anew.
        forward(req, body, res, upstream, () => {
          sessions.delete(session);
          sessionGone(res);
        });
        return;
      }
      // No session (2026-07-28, or a 2025 initialize): the next replica that is up.
      const tryFrom = (attempt: number): void => {
        if (attempt === upstreams.length) {
          res.writeHead(503, { 'Content-Type': 'text/plain' });
          res.end('No replica is up.');
          return;
        }
        const upstream = upstreams[next % upstreams.length] ?? '';
        next += 1;
        forward(req, body, res, upstream, () => tryFrom(attempt + 1));
      };
      tryFrom(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port = '8080', ...upstreams] = process.argv.slice(2);
  const proxy = await startStickyProxy(Number(port), upstreams);
  console.log(JSON.stringify({ event: 'listening', url: proxy.url, upstreams }));
}
