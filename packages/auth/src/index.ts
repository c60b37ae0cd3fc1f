/**
 * @elicitation-kit/auth: sign-in to OAuth-protected MCP servers (MCP authorization) for a host that runs its MCP
 * client on a backend. `createMcpSignIn` gives the SDK's `StreamableHTTPClientTransport` an `authProvider` per user and
 * server, a Fetch API callback route, a client ID metadata document and sign-out; tokens stay in a store on the
 * backend (`createMemoryAuthStore` here, `createRedisAuthStore` in `@elicitation-kit/auth/redis` for replicas).
 * @packageDocumentation
 */
export { McpSignInError } from './errors.js';
export type { McpSignInErrorCode } from './errors.js';
export { createMcpSignIn, loopbackRedirectUris } from './sign-in.js';
export type {
  CallbackResult,
  ClientMetadataDocument,
  CompletedSignIn,
  McpSignIn,
  McpSignInOptions,
  PreRegisteredClient,
  PreRegisteredClients,
  SignInResult,
  SignOutResult,
  TokenRevocation,
} from './sign-in.js';
export { createMemoryAuthStore } from './store.js';
export type { McpAuthStore, MemoryAuthStoreOptions } from './store.js';
