// The first-command check's own ports (the main suite's are 3911/4183/4184, the demo's defaults 3901/5173/5174), set
// as E2E_* variables before `support/env.ts` reads them: the config and the spec import this module first. E2E_*
// variables set by the caller still win.
const defaults = { E2E_DEMO_SERVER_PORT: '3961', E2E_HOST_PORT: '5273', E2E_CHAT_PORT: '5274' } as const;

for (const [name, port] of Object.entries(defaults)) {
  process.env[name] ??= port;
}

/** The ports the fresh clone's demo is started on: its server, its demo host and its chat host. */
export const FIRST_COMMAND_PORTS = {
  server: Number(process.env.E2E_DEMO_SERVER_PORT),
  host: Number(process.env.E2E_HOST_PORT),
  chat: Number(process.env.E2E_CHAT_PORT),
} as const;
