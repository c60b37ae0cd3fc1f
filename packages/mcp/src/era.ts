// Era detection: which protocol revision a connection speaks, and so how its server asks.
import { eraOf, isProtocolVersion } from '@elicitation-kit/core';
import type { ProtocolEra, ProtocolVersion } from '@elicitation-kit/core';
import type { Client } from '@modelcontextprotocol/client';

/** What a client negotiated: the revision (when core knows its rules) and its era. */
export interface NegotiatedProtocol {
  era: ProtocolEra;
  version?: ProtocolVersion;
}

/**
 * The revision and era of a client's connection, read when a request arrives (the SDK negotiates while connecting).
 * For a revision core knows, the era is core's `eraOf`; otherwise the SDK's own reading, `legacy` before anything was
 * negotiated.
 */
export function negotiatedProtocol(client: Client): NegotiatedProtocol {
  const version = client.getNegotiatedProtocolVersion();
  if (isProtocolVersion(version)) {
    return { era: eraOf(version), version };
  }
  return { era: client.getProtocolEra() ?? 'legacy' };
}
