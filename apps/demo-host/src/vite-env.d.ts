/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The demo server's MCP URL, set by `npm run demo` (scripts/demo.mjs); unset otherwise. */
  readonly VITE_DEMO_SERVER_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
