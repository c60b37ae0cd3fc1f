// Era detection: which protocol revision a connection speaks, and so how its server asks. Each adapter reads the
// negotiated revision from its client; the rule that turns it into an era is core's.
import { eraOf, isProtocolVersion } from '@elicitation-kit/core';
import type { ProtocolEra, ProtocolVersion } from '@elicitation-kit/core';

/** What a client negotiated: the revision (when core knows its rules) and its era. */
export interface NegotiatedProtocol {
  era: ProtocolEra;
  version?: ProtocolVersion;
}

/**
 * The revision and era of a connection, read when a request arrives (clients negotiate while connecting). For a
 * revision core knows, the era is core's `eraOf`; otherwise the client's own reading (`clientEra`), `legacy` when it
 * has none (before anything was negotiated, or a client without the stateless era).
 */
export function negotiatedProtocol(version: unknown, clientEra?: ProtocolEra): NegotiatedProtocol {
  if (isProtocolVersion(version)) {
    return { era: eraOf(version), version };
  }
  return { era: clientEra ?? 'legacy' };
}
