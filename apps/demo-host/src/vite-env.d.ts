/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The demo server's MCP URL, set by `npm run demo` (scripts/demo.mjs); unset otherwise. */
  readonly VITE_DEMO_SERVER_URL?: string;
  /** The chat host's URL (apps/chat-host), set by `npm run demo`; unset: its default, http://127.0.0.1:5174/. */
  readonly VITE_CHAT_HOST_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
