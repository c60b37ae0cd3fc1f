// Fixed loopback ports for the servers the config starts (Playwright's webServer needs them up front).
// Override with E2E_DEMO_SERVER_PORT / E2E_HOST_PORT / E2E_CHAT_PORT when something else already listens there.

/** Port of the demo MCP server (`apps/demo-server`). */
export const DEMO_SERVER_PORT = Number(process.env.E2E_DEMO_SERVER_PORT ?? 3911);

/** Port of the demo host's production build (`apps/demo-host/serve.mjs`). */
export const HOST_PORT = Number(process.env.E2E_HOST_PORT ?? 4183);

/** Origin of the demo host, the suite's `baseURL`. */
export const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;

/** Port of the chat host (`apps/chat-host`: its backend serving its production build). */
export const CHAT_PORT = Number(process.env.E2E_CHAT_PORT ?? 4184);

/** Origin of the chat host. */
export const CHAT_ORIGIN = `http://127.0.0.1:${CHAT_PORT}`;

/** Origin of the demo server. */
export const DEMO_SERVER_ORIGIN = `http://127.0.0.1:${DEMO_SERVER_PORT}`;

/** The MCP endpoint the host connects to. */
export const DEMO_SERVER_URL = `${DEMO_SERVER_ORIGIN}/mcp`;

/** Protocol eras the host can be forced into with `?era=`. */
export const ERAS = ['modern', 'legacy'] as const;

/** A protocol era: 2026-07-28 stateless ("modern") or 2025-11-25 sessions ("legacy"). */
export type Era = (typeof ERAS)[number];
