// @elicitation-kit/test-mcp-server: the SDK v2 test server and the params the tests ask (private test infrastructure).
// The helpers of a test acting as a host are `@elicitation-kit/test-mcp-server/hosts`.
export { buildServer, resultJson, serveTestServer } from './test-server.js';
export type { McpServer, ServerState, TestServer } from './test-server.js';
export { EXPORT_PARAMS, REF_PARAMS } from './test-params.js';
