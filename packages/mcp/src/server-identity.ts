// Who is asking: one rule for the identity shown with every request, used by the kit and by hosts.
import type { Client } from '@modelcontextprotocol/client';
import type { ServerIdentity } from './types.js';

/** Shown when neither the host nor the server names the server. */
const UNNAMED_SERVER = 'MCP server';

/** The host of a server URL (`127.0.0.1:3901`), or `undefined` when it is not a URL. */
function hostOf(url: string | undefined): string | undefined {
  return url !== undefined && URL.canParse(url) ? new URL(url).host : undefined;
}

/**
 * The identity of the server a client is connected to, as the kit shows it with each request: what the host knows
 * (`given`) over what the server says (`serverInfo`, from `initialize` or from `server/discover`'s `_meta`). The name
 * falls back to the host of `given.url`, then to `'MCP server'`. Read it after `connect` (before, the server has said
 * nothing).
 * @example
 * const { name, title, version } = readServerIdentity(client, { id: 'server-1', url: 'http://127.0.0.1:3901/mcp' });
 */
export function readServerIdentity(
  client: Client,
  given: Partial<ServerIdentity> & Pick<ServerIdentity, 'id'>,
): ServerIdentity {
  const info = client.getServerVersion();
  const title = given.title ?? info?.title;
  const version = given.version ?? info?.version;
  return {
    id: given.id,
    name: given.name ?? info?.name ?? hostOf(given.url) ?? UNNAMED_SERVER,
    ...(title !== undefined ? { title } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(given.url !== undefined ? { url: given.url } : {}),
  };
}
