// The capability: what the client tells servers it can show. The rule (which modes, which wire shape) is core's.
import { elicitationCapability } from '@elicitation-kit/core';
import type { ElicitationCapabilityObject, ElicitationModes } from '@elicitation-kit/core';

/** A client that declares its capabilities before connecting: SDK v2's and SDK v1's `Client` both fit. */
export interface CapabilityClient {
  readonly transport?: unknown;
  registerCapabilities(capabilities: { elicitation: ElicitationCapabilityObject }): void;
}

/**
 * Declares `capabilities.elicitation` for `modes` on a client that is not connected yet (sent in `initialize` on 2025
 * connections and in every request's `_meta` on 2026-07-28 ones) and returns what was declared.
 * @throws RangeError when both modes are off; Error when the client is already connected.
 */
export function declareElicitation(
  client: CapabilityClient,
  modes: ElicitationModes | undefined,
): ElicitationCapabilityObject {
  const capability = elicitationCapability(modes);
  if (client.transport !== undefined) {
    throw new Error('attachElicitation: call it before client.connect(); capabilities are declared when connecting');
  }
  client.registerCapabilities({ elicitation: capability });
  return capability;
}
