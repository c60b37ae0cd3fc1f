// A question from the wire becomes an entry again (browser-safe). Nothing the wire says is taken as checked: each
// member is read for its type, and the request is the backend's `elicitation/create` params parsed again by core (the
// one home of the schema and URL rules), with the modes this page can show and the server's URL for the link check.
import { elicitationCapability, isJsonObject, isProtocolVersion, parseElicitation } from '@elicitation-kit/core';
import type {
  ElicitationError,
  ElicitationModes,
  JsonObject,
  ParsedElicitation,
  ProtocolVersion,
  PublicSuffixList,
} from '@elicitation-kit/core';
import { parseOptionsFor } from '@elicitation-kit/core';
import type { PendingElicitation, ServerIdentity } from '@elicitation-kit/core';
import { MAX_ID_LENGTH } from './wire-format.js';
import type { WireEntry } from './wire-format.js';

/** A wire entry read and parsed, or why it cannot be shown. */
export type Rehydration =
  | { ok: true; wire: WireEntry; request: ParsedElicitation }
  | { ok: false; id?: string; error: ElicitationError | { message: string } };

const ERAS: ReadonlySet<unknown> = new Set(['legacy', 'modern']);
const STATUSES: ReadonlySet<unknown> = new Set(['pending', 'completed']);
const KINDS: ReadonlySet<unknown> = new Set(['request', 'url-required']);

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/** The server identity the wire names, with only the members it defines. */
function readServer(value: unknown): ServerIdentity | undefined {
  if (!isJsonObject(value) || !isId(value['id']) || typeof value['name'] !== 'string') {
    return undefined;
  }
  const { title, version, url } = value;
  if (!optionalString(title) || !optionalString(version) || !optionalString(url)) {
    return undefined;
  }
  return {
    id: value['id'],
    name: value['name'],
    ...(typeof title === 'string' && { title }),
    ...(typeof version === 'string' && { version }),
    ...(typeof url === 'string' && { url }),
  };
}

/**
 * The revision to parse an entry without `protocolVersion` with (from an older replica, or one whose adapter knew no
 * revision): the era's when it has one, 2025-11-25 for a `-32042` URL elicitation (it needs an `elicitationId`), none
 * for a 2025 request (2025-06-18 or 2025-11-25: the backend checked the exact one).
 */
function revisionOf(era: PendingElicitation['era'], kind: PendingElicitation['kind']): ProtocolVersion | undefined {
  if (era === 'modern') {
    return '2026-07-28';
  }
  return kind === 'url-required' ? '2025-11-25' : undefined;
}

/**
 * Reads one wire entry and parses its request for a page that can show `modes`, judging sites by `publicSuffixList`
 * when the page has one (the same parse options as every adapter's).
 */
export function rehydrate(value: unknown, modes: ElicitationModes, publicSuffixList?: PublicSuffixList): Rehydration {
  if (!isJsonObject(value) || !isId(value['id'])) {
    return { ok: false, error: { message: 'A question arrived without a valid id.' } };
  }
  const id = value['id'];
  const server = readServer(value['server']);
  const { params, era, protocolVersion, status, kind, createdAt, askedAgain, tag, roundKey } = value;
  if (
    server === undefined ||
    !isJsonObject(params) ||
    !ERAS.has(era) ||
    !optionalString(protocolVersion) ||
    !STATUSES.has(status) ||
    !KINDS.has(kind) ||
    typeof createdAt !== 'number' ||
    !Number.isFinite(createdAt) ||
    (askedAgain !== undefined && askedAgain !== true) ||
    (tag !== undefined && !isId(tag)) ||
    (roundKey !== undefined && !isId(roundKey))
  ) {
    return { ok: false, id, error: { message: 'A question arrived in a shape this page does not read.' } };
  }
  const wire: WireEntry = {
    id,
    params: params as JsonObject,
    server,
    era: era as WireEntry['era'],
    // A revision this page does not know (a newer backend's) is read as if absent.
    ...(isProtocolVersion(protocolVersion) && { protocolVersion }),
    status: status as WireEntry['status'],
    kind: kind as WireEntry['kind'],
    createdAt,
    ...(askedAgain === true && { askedAgain }),
    ...(typeof tag === 'string' && { tag }),
    ...(typeof roundKey === 'string' && { roundKey }),
  };
  // Exactly the revision the backend parsed with, when the wire names it: never guessed from the request's shape.
  const version = wire.protocolVersion ?? revisionOf(wire.era, wire.kind);
  const parsed = parseElicitation(
    params,
    parseOptionsFor({ version, capability: elicitationCapability(modes), server, publicSuffixList }),
  );
  return parsed.ok ? { ok: true, wire, request: parsed.request } : { ok: false, id, error: parsed.error };
}
