// A load balancer in front of the chat host's replicas, as a deployment has one: each HTTP request goes to the next
// replica in turn (no stickiness: a page's requests land on every replica), a replica that refuses the connection
// (killed) is skipped, and it records which replica took each request, so that a test knows whom to kill.
import { once } from 'node:events';
import { createServer, request as forward } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running balancer. */
export interface RoundRobin {
  /** Its origin: `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** The replicas' ports, in turn order; change it to add or remove one. */
  targets: number[];
  /** Which replica took each request: `METHOD /path` and the replica's port, in order. */
  log: { request: string; port: number }[];
  close(): Promise<void>;
}

/** Sends `body` to the replica on `port`; rejects when it cannot be reached (nothing was sent to the client yet). */
function proxy(incoming: IncomingMessage, body: Buffer, port: number, response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = forward(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        // A replica that dies mid-response breaks the client's connection, as a real balancer would.
        answer.once('error', () => response.destroy());
        answer.once('aborted', () => response.destroy());
        resolve();
      },
    );
    outgoing.once('error', reject);
    response.once('close', () => outgoing.destroy());
    outgoing.end(body);
  });
}

/** Starts a balancer in front of `targets` (ports on 127.0.0.1). */
export async function startRoundRobin(targets: number[]): Promise<RoundRobin> {
  let turn = 0;
  const log: RoundRobin['log'] = [];
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) {
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    // Each replica at most once per request: the next in turn, then the others when it cannot be reached.
    for (let tried = 0; tried < balancer.targets.length; tried += 1) {
      const port = balancer.targets[turn % balancer.targets.length] as number;
      turn += 1;
      try {
        await proxy(incoming, body, port, response);
        log.push({ request: `${incoming.method ?? 'GET'} ${incoming.url ?? '/'}`, port });
        return;
      } catch {
        // Refused (killed, or not up yet): the next one.
      }
    }
    response.writeHead(502).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const balancer: RoundRobin = {
    origin: `http://127.0.0.1:${port}`,
    port,
    targets,
    log,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  return balancer;
}
