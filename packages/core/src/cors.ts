// CORS for browser MCP clients, both eras: which request headers they send and which response headers they read.
// The 2026-07-28 headers matter: a preflight that does not allow `Mcp-Method` and `Mcp-Name` makes an `auto` client
// silently fall back to 2025, even against a server that speaks both (SDK docs: protocol-versions.md). Pure: a server,
// a relay or a dev proxy in front of an MCP server uses it alike.
import { MCP_REQUEST_HEADERS, MCP_RESPONSE_HEADERS } from './protocol.js';

const MCP_HEADER = /^mcp-[a-z0-9-]+$/i;

/**
 * The CORS response headers for a request from `origin`, which the caller has already judged allowed: the origin
 * reflected (`Vary: Origin`), the methods of both eras, every MCP request header (and any other `Mcp-*` header the
 * preflight names in `requestedHeaders`), the session and version headers exposed. Never `*`.
 * @example
 * if (origin !== undefined && allowedOrigins.includes(origin)) {
 *   for (const [name, value] of Object.entries(mcpCorsHeaders(origin, req.headers['access-control-request-headers']))) res.setHeader(name, value);
 * }
 */
export function mcpCorsHeaders(origin: string, requestedHeaders?: string | null): Record<string, string> {
  const requested = (requestedHeaders ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => MCP_HEADER.test(name));
  return {
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': [...new Set([...MCP_REQUEST_HEADERS, ...requested])].join(', '),
    'Access-Control-Expose-Headers': MCP_RESPONSE_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
  };
}
