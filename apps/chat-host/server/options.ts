// What the chat host is started with.
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
}
