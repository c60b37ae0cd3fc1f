// The one place the options of core's `parseElicitation` are built, for every path by which a host gets a parsed
// request: each adapter's `elicitation/create` handler and `surfaceUrlRequired` (`-32042`). A rule that changes how
// the kit reads requests (the negotiated revision, the declared modes, the asking server's URL for the different-site
// check, a site list) is added here once, and every client gets it.
import type {
  ElicitationCapabilityObject,
  ParseOptions,
  ProtocolVersion,
  PublicSuffixList,
} from '@elicitation-kit/core';
import type { ServerIdentity } from './types.js';

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

/** Core's parse options for a request arriving in `context`. */
export function parseOptionsFor(context: ParseContext): ParseOptions {
  const { version, capability, server, publicSuffixList } = context;
  return {
    ...(version !== undefined ? { protocolVersion: version } : {}),
    modes: capability,
    ...(server.url !== undefined ? { serverUrl: server.url } : {}),
    ...(publicSuffixList !== undefined ? { publicSuffixList } : {}),
  };
}
