// The bridge's numbers and origins, read from its options and checked once: each limit a positive integer, the limits
// fitting one another (a question fits an event, an event fits a stream, a stream fits an owner), `origins` real
// origins or 'trust-host-header'.
import type { ElicitationBridgeOptions } from './bridge-types.js';
import { MAX_EVENT_LENGTH } from './wire-format.js';

/** Defaults of {@link ElicitationBridgeOptions}. */
const DEFAULTS = {
  maxBodyBytes: 256 * 1024,
  maxEntryBytes: 1024 * 1024,
  maxStreamsPerOwner: 16,
  keepAliveMs: 15_000,
  maxStreamMs: 3_600_000,
  bodyTimeoutMs: 10_000,
  maxStreamBytes: 8 * 1024 * 1024,
  maxOwnerBytes: 16 * 1024 * 1024,
  stallTimeoutMs: 30_000,
};

/** Room for what surrounds a question in its event (`event: entry`, `data: {"entry":…}`), with plenty to spare. */
export const EVENT_ROOM = 64 * 1024;

/** The bridge's limits, each given or defaulted. */
export type BridgeLimits = typeof DEFAULTS;

/** Throws the RangeError of a limit that does not fit the others. */
function bound(ok: boolean, message: string): void {
  if (!ok) {
    throw new RangeError(`createElicitationBridge: ${message}`);
  }
}

/**
 * The limits and origins of `options`.
 * @throws {TypeError} when `origins` is missing or holds something that is not an origin.
 * @throws {RangeError} when a limit is not a positive integer or does not fit the others.
 */
export function readLimits(options: ElicitationBridgeOptions): {
  limits: BridgeLimits;
  origins: readonly string[] | 'trust-host-header';
} {
  const limits = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = options[key] ?? DEFAULTS[key];
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`createElicitationBridge: ${key} must be a positive integer (got ${String(value)})`);
    }
    limits[key] = value;
  }
  bound(
    limits.maxEntryBytes <= MAX_EVENT_LENGTH - EVENT_ROOM,
    `maxEntryBytes must be at most ${MAX_EVENT_LENGTH - EVENT_ROOM} (what the page reads, MAX_EVENT_LENGTH, less room for the event)`,
  );
  bound(
    limits.maxStreamBytes >= limits.maxEntryBytes + EVENT_ROOM,
    `maxStreamBytes must be at least maxEntryBytes + ${EVENT_ROOM} (one question always fits)`,
  );
  bound(limits.maxOwnerBytes >= limits.maxStreamBytes, 'maxOwnerBytes must be at least maxStreamBytes');
  const { origins } = options;
  if (origins === undefined) {
    throw new TypeError(
      "createElicitationBridge: `origins` is required: the origins of your pages (['https://app.example.com']), or 'trust-host-header' for a server that checks the Host header itself (see DNS rebinding in the @elicitation-kit/bridge README)",
    );
  }
  if (origins !== 'trust-host-header') {
    if (typeof origins === 'string' || origins.length === 0) {
      throw new TypeError(
        "createElicitationBridge: `origins` must list your pages' origins, or be 'trust-host-header'",
      );
    }
    for (const origin of origins) {
      if (typeof origin !== 'string' || !URL.canParse(origin) || new URL(origin).origin !== origin) {
        throw new TypeError(
          `createElicitationBridge: \`origins\` must hold origins such as https://app.example.com (got ${JSON.stringify(origin)})`,
        );
      }
    }
  }
  return { limits, origins };
}
