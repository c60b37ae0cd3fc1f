// Who is asking: one rule for the identity shown with every request, used by the kit and by hosts.
import type { ServerIdentity } from './types.js';

/** Shown when neither the host nor the server names the server. */
const UNNAMED_SERVER = 'MCP server';

/** What a server says about itself (`serverInfo`, from `initialize` or from `server/discover`'s `_meta`). */
export interface ServerInfo {
  name: string;
  title?: string | undefined;
  version?: string | undefined;
}

/** A client that tells what its server said about itself: SDK v2's and SDK v1's `Client` both fit. */
export interface ServerVersionReader {
  getServerVersion(): ServerInfo | undefined;
}

/** The host of a server URL (`127.0.0.1:3901`), or `undefined` when it is not a URL. */
function hostOf(url: string | undefined): string | undefined {
  return url !== undefined && URL.canParse(url) ? new URL(url).host : undefined;
}

/**
 * The identity rule itself: what the host knows (`given`) over what the server says (`info`, absent before it said
 * anything). The name falls back to the host of `given.url`, then to `'MCP server'`.
 */
export function toServerIdentity(
  info: ServerInfo | undefined,
  given: Partial<ServerIdentity> & Pick<ServerIdentity, 'id'>,
): ServerIdentity {
  // An empty name is a client's placeholder for "nothing said yet" (the AI SDK's before `initialize`), not a name.
  const said = info?.name === '' ? undefined : info;
  const title = given.title ?? said?.title;
  const version = given.version ?? said?.version;
  return {
    id: given.id,
    name: given.name ?? said?.name ?? hostOf(given.url) ?? UNNAMED_SERVER,
    ...(title !== undefined ? { title } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(given.url !== undefined ? { url: given.url } : {}),
  };
}

/**
 * The identity of the server a client is connected to, as the kit shows it with each request: what the host knows
 * (`given`) over what the server says (`client.getServerVersion()`: `serverInfo` from `initialize` or from
 * `server/discover`'s `_meta`). The name falls back to the host of `given.url`, then to `'MCP server'`. Read it after
 * `connect` (before, the server has said nothing). Takes an SDK v2 or SDK v1 `Client`.
 * @example
 * const { name, title, version } = readServerIdentity(client, { id: 'server-1', url: 'http://127.0.0.1:3901/mcp' });
 */
export function readServerIdentity(
  client: ServerVersionReader,
  given: Partial<ServerIdentity> & Pick<ServerIdentity, 'id'>,
): ServerIdentity {
  return toServerIdentity(client.getServerVersion(), given);
}
