// What the chat host is started with.
import type { Redis } from 'ioredis';
/** The protocol era the MCP clients speak: 2026-07-28 (`modern`, stateless) or 2025-11-25 sessions (`legacy`). */
export type Era = 'modern' | 'legacy';

/** Options of `startChatHost`. */
export interface ChatHostOptions {
  /** The MCP server the chat's tools come from (the demo server's `/mcp`). */
  mcpUrl: string;
  /** The folder of the page's production build, served under the strict CSP. Without it only `/api/*` is served. */
  dist?: string;
  /** @default 0 (a free port) */
  port?: number;
  /** Loopback only. @default '127.0.0.1' */
  host?: string;
  /** @default 'modern' (the clients discover 2026-07-28 first) */
  era?: Era;
  /**
   * How long the MCP server may work on a tool call before it fails, the time the user takes to answer not counted.
   * @default 30000
   */
  toolTimeoutMs?: number;
  /**
   * More `Host` values to answer besides the loopback names with the port it listens on (`127.0.0.1:<port>`,
   * `localhost:<port>`, `[::1]:<port>`): a host name with an optional port each, for a reverse proxy that keeps the
   * browser's `Host`. Any other `Host` is refused with `421` (a DNS-rebinding page sends its own). @default []
   */
  hosts?: readonly string[];
  /** The model's pause between streamed parts, in milliseconds (`null`: none). @default 15 */
  modelDelayMs?: number | null;
  /** Where to report what happens (one line per event). @default nowhere */
  log?: (line: string) => void;
  /**
   * Run as one of several replicas behind a load balancer: the sessions, the conversations, the bridge's hub and the
   * durable rounds live in this Redis (the client is yours: closing the chat host does not close it), so any replica
   * answers any request, and a question asked by a replica that died is finished by another. Every replica needs the
   * same `secret` (the bridge's answer tokens, at least 32 bytes). Without it, all of that lives in this process (a
   * restart forgets it).
   */
  replicas?: { redis: Redis; secret: string };
  /**
   * How long a replica's claim on a durable round lasts without renewal, in ms: a replica killed while a question is
   * open leaves it to another this long after its last renewal. @default 30000
   */
  roundLeaseMs?: number;
}
