// The one place the options of `parseElicitation` are built for a request a client receives, for every path by which
// a host gets a parsed request: each `@elicitation-kit/mcp` adapter's `elicitation/create` handler, its
// `surfaceUrlRequired` (`-32042`), and the bridge's browser half parsing a question again (`@elicitation-kit/bridge`).
// A rule that changes how the kit reads requests (the negotiated revision, the declared modes, the asking server's URL
// for the different-site check, a site list) is added here once, and every client gets it.
import type { ElicitationCapabilityObject } from './protocol.js';
import type { ParseOptions, ProtocolVersion, PublicSuffixList } from './types.js';
import type { ServerIdentity } from './queue.js';

/** What the kit knows when a request arrives. */
export interface ParseContext {
  /** The revision whose rules apply (negotiated, or the one a `-32042` error belongs to); any era's when absent. */
  version?: ProtocolVersion | undefined;
  /** What the client declared: a request in another mode is refused with `-32602`. */
  capability: ElicitationCapabilityObject;
  /** Who asks: its `url` is the site every URL-mode link is compared with (`request.link.sameSiteAsServer`). */
  server: ServerIdentity;
  /**
   * The Public Suffix List the host gave (`@elicitation-kit/mcp/public-suffix`): sites are judged by it instead of
   * core's built-in excerpt, so two tenants of one shared host are two sites.
   */
  publicSuffixList?: PublicSuffixList | undefined;
}

/**
 * The options of `parseElicitation` for a request arriving in `context`: the revision's rules, the declared
 * modes (a request in another mode is refused with `-32602`), the server's URL for the different-site check and the
 * host's Public Suffix List, each only when known.
 * @example parseElicitation(params, parseOptionsFor({ version: '2025-11-25', capability: { form: {} }, server }))
 */
export function parseOptionsFor(context: ParseContext): ParseOptions {
  const { version, capability, server, publicSuffixList } = context;
  return {
    ...(version !== undefined ? { protocolVersion: version } : {}),
    modes: capability,
    ...(server.url !== undefined ? { serverUrl: server.url } : {}),
    ...(publicSuffixList !== undefined ? { publicSuffixList } : {}),
  };
}
