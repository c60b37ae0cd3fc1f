/**
 * The Elicitation Kit demo MCP server: both protocol eras on one loopback URL (`/mcp`), with CORS for the demo
 * host, Host/Origin checks, and the tools listed in the README, every one defined with @elicitation-kit/server.
 * `startDemoServer` is the entry tests, e2e, the bench and the start script use: the production setup (server.ts)
 * with the test instrumentation (instrumentation/: answer ledger, debug endpoints, replay patch) plugged in.
 */
import { createInstrumentation } from './instrumentation/index.js';
import type { AnswerLedger } from './instrumentation/index.js';
import { startDemoHttpServer } from './server.js';
import type { DemoHttpServer, StartDemoServerOptions } from './server.js';

export { DEMO_SERVER_INFO } from './server.js';
export { signInAtAuthorizationServer } from './auth/user-agent.js';
export type { DemoHooks, StartDemoServerOptions } from './server.js';
export {
  DEMO_TOOL_NAMES,
  EXPORT_SCHEMA,
  FAULT_TOOL_NAMES,
  MAX_FLOOD,
  PARTNER_HOST,
  UNSUPPORTED_SCHEMA,
} from './tools/index.js';
export type { AnswerLedger, AnswerRecord, AnswerReport } from './instrumentation/index.js';
export { ORDERS, ORDER_COLUMNS, exportOrders } from './dataset.js';
export type { ExportDocument, ExportOptions, Order } from './dataset.js';
export type { DemoAction, DemoEra, DemoLogEntry } from './log.js';
export type { Flow, FlowStore } from './flows.js';

/** A running demo server. */
export interface DemoServer extends DemoHttpServer {
  /** What the server asked and how many answers came back, per request (also `GET /debug/answers` with `debug`). */
  answers: AnswerLedger;
}

/**
 * Starts the demo server on loopback, with the answer ledger (and, with `debug`, the debug endpoints).
 *
 * @example
 * ```ts
 * const demo = await startDemoServer({ port: 0, silent: true });
 * // … connect a client to demo.url …
 * await demo.close();
 * ```
 */
export async function startDemoServer(options: StartDemoServerOptions = {}): Promise<DemoServer> {
  const instrumentation = createInstrumentation({ debug: options.debug === true });
  const server = await startDemoHttpServer(options, instrumentation.hooks);
  return { ...server, answers: instrumentation.ledger };
}
