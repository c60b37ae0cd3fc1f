// The demo server (apps/demo-server) for the journeys of one test file, on an ephemeral loopback port.
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { serverForFile } from '@elicitation-kit/test-mcp-server/hosts';

/** The demo server for the tests of one file: started before them, closed after them. */
export function demoServerForFile(): () => DemoServer {
  return serverForFile(() => startDemoServer({ port: 0, silent: true }));
}
