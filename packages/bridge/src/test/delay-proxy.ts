// A TCP proxy that puts Redis a few milliseconds away: every chunk, each way, waits a random 1–5 ms (by default)
// before it goes on, in order. It reads the commands clients send (RESP arrays, as ioredis writes them) and counts
// them by name, so a test can say how many round trips something cost. On loopback, node:net only.
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/** Options of {@link startDelayProxy}. */
export interface DelayProxyOptions {
  /** The least and most each chunk waits, each way, in milliseconds. @default 1, 5 */
  minMs?: number;
  maxMs?: number;
}

/** A running proxy. */
export interface DelayProxy {
  port: number;
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** The commands clients sent so far, by name (upper case), over every connection. */
  commands(): Map<string, number>;
  /** How many commands clients sent so far. */
  total(): number;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** Writes chunks to `socket`, each after its own delay, never out of order; `end()` ends it once all are written. */
function delayedWriter(socket: Socket, minMs: number, maxMs: number): { write(chunk: Buffer): void; end(): void } {
  const queue: Array<{ at: number; chunk: Buffer }> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ending = false;
  const pump = (): void => {
    timer = undefined;
    const now = Date.now();
    while (queue.length > 0 && queue[0]!.at <= now) {
      const { chunk } = queue.shift()!;
      if (!socket.destroyed) {
        socket.write(chunk);
      }
    }
    if (queue.length > 0) {
      timer = setTimeout(pump, queue[0]!.at - now);
    } else if (ending) {
      socket.end();
    }
  };
  return {
    write(chunk) {
      const last = queue.at(-1)?.at ?? 0;
      const at = Math.max(last, Date.now() + minMs + Math.random() * (maxMs - minMs));
      queue.push({ at, chunk });
      timer ??= setTimeout(pump, at - Date.now());
    },
    end() {
      ending = true;
      if (timer === undefined && queue.length === 0) {
        socket.end();
      }
    },
  };
}

/** Counts the RESP commands (`*<n>` then `n` bulk strings) in a client's byte stream, calling `count(name)` for each. */
function commandReader(count: (name: string) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  /** Where the line starting at `from` ends (its `\r`), or -1 when it has not all arrived. */
  const lineEnd = (from: number): number => pending.indexOf('\r\n', from);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let start = 0;
    parse: while (start < pending.length) {
      const header = lineEnd(start);
      if (header === -1) {
        break;
      }
      if (pending[start] !== 0x2a) {
        // An inline command (not what ioredis sends): one line, one command.
        count(pending.toString('latin1', start, header).split(' ')[0]!.toUpperCase());
        start = header + 2;
        continue;
      }
      const parts = Number(pending.toString('latin1', start + 1, header));
      let at = header + 2;
      let name = '';
      for (let part = 0; part < parts; part += 1) {
        const sizeEnd = lineEnd(at);
        if (sizeEnd === -1) {
          break parse;
        }
        const size = Number(pending.toString('latin1', at + 1, sizeEnd));
        if (sizeEnd + 2 + size + 2 > pending.length) {
          break parse;
        }
        if (part === 0) {
          name = pending.toString('latin1', sizeEnd + 2, sizeEnd + 2 + size).toUpperCase();
        }
        at = sizeEnd + 2 + size + 2;
      }
      count(name);
      start = at;
    }
    pending = pending.subarray(start);
  };
}

/** Starts a proxy on a free loopback port in front of the Redis on `targetPort`. */
export async function startDelayProxy(targetPort: number, options: DelayProxyOptions = {}): Promise<DelayProxy> {
  const minMs = options.minMs ?? 1;
  const maxMs = options.maxMs ?? 5;
  const counts = new Map<string, number>();
  let total = 0;
  const sockets = new Set<Socket>();
  // Half-open on both sides: an end passes through only once the data before it did.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ port: targetPort, host: '127.0.0.1', allowHalfOpen: true });
    sockets.add(client);
    sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const toRedis = delayedWriter(upstream, minMs, maxMs);
    const toClient = delayedWriter(client, minMs, maxMs);
    const read = commandReader((name) => {
      total += 1;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    });
    client.on('data', (chunk: Buffer) => {
      read(chunk);
      toRedis.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => toClient.write(chunk));
    // One side ending ends the other once what it sent has gone through (a QUIT's reply, then the close).
    client.on('end', () => toRedis.end());
    upstream.on('end', () => toClient.end());
    client.on('close', () => {
      sockets.delete(client);
      toRedis.end();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      toClient.end();
    });
    const fail = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', fail);
    upstream.on('error', fail);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    commands: () => new Map(counts),
    total: () => total,
    async close() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) {
        socket.destroy();
      }
      await closed;
    },
  };
}
