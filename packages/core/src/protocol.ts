// Protocol facts every part of the kit needs: the revisions, their eras, the error code of a refusal and the rule for
// which elicitation modes a client declared. One home: mcp, react, server and the apps import these.

/** The protocol revisions whose elicitation rules the kit knows, oldest first. */
export const PROTOCOL_VERSIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;

/** A protocol revision whose elicitation rules the kit knows. */
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

const KNOWN_VERSIONS: ReadonlySet<string> = new Set(PROTOCOL_VERSIONS);

/** Whether `value` names a revision the kit knows (see {@link PROTOCOL_VERSIONS}). */
export function isProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && KNOWN_VERSIONS.has(value);
}

/**
 * How a server asks: `legacy` = it pushes `elicitation/create` requests on a session (2025 revisions), `modern` = it
 * returns `input_required` rounds that the client fulfils and retries (2026-07-28, stateless).
 */
export type ProtocolEra = 'legacy' | 'modern';

/** A protocol revision string: `YYYY-MM-DD` (revisions compare as strings). Fixed width: linear. */
const REVISION = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_MODERN_REVISION = '2026-07-28';

/**
 * The era of a negotiated revision: `modern` from 2026-07-28 on (later revisions too), `legacy` before — and when
 * the revision is unknown or missing, as on a connection that has not initialized.
 */
export function eraOf(revision: string | undefined): ProtocolEra {
  return revision !== undefined && REVISION.test(revision) && revision >= FIRST_MODERN_REVISION ? 'modern' : 'legacy';
}

/** What an elicitation request may hold in one protocol revision: the rules that changed from one to the next. */
export interface RevisionFeatures {
  /** URL mode (`mode: 'url'`): from 2025-11-25 on. */
  readonly urlMode: boolean;
  /** The titled single choice (`oneOf`) and both multiple choices (`type: 'array'`): from 2025-11-25 on. */
  readonly enumVariants: boolean;
  /** A URL request must carry `elicitationId`: 2025-11-25 only (the stateless 2026-07-28 has none). */
  readonly elicitationId: boolean;
  /** `task` and `_meta` in the params: the 2025 revisions (2026-07-28 has neither). */
  readonly taskAndMeta: boolean;
  /** `default` on string, number and choice properties (SEP-1034): from 2025-11-25 on (before, on booleans only). */
  readonly typedDefaults: boolean;
}

const REVISION_FEATURES: Readonly<Record<ProtocolVersion, RevisionFeatures>> = {
  '2025-06-18': { urlMode: false, enumVariants: false, elicitationId: false, taskAndMeta: true, typedDefaults: false },
  '2025-11-25': { urlMode: true, enumVariants: true, elicitationId: true, taskAndMeta: true, typedDefaults: true },
  '2026-07-28': { urlMode: true, enumVariants: true, elicitationId: false, taskAndMeta: false, typedDefaults: true },
};

/**
 * The elicitation rules of one revision, so that code asks "does this revision have URL mode?" instead of comparing
 * dates. The one home of these facts: the parser, the server and the glue read them here.
 * @example revisionFeatures('2025-06-18').urlMode // false
 */
export function revisionFeatures(revision: ProtocolVersion): RevisionFeatures {
  return REVISION_FEATURES[revision];
}

/** JSON-RPC "Invalid params": the code of every elicitation the client refuses. */
export const INVALID_PARAMS = -32602 as const;

/** Elicitation modes: `form` collects data in-band, `url` sends the user to a page out-of-band. */
export type ElicitationMode = 'form' | 'url';

/** The client's `elicitation` capability as declared on the wire. `{}` means form only (the 2025-06-18 shape). */
export interface ElicitationCapability {
  form?: Record<string, unknown>;
  url?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What a client declared: a list of modes, or the wire capability object. */
export type DeclaredModes = readonly ElicitationMode[] | ElicitationCapability;

/**
 * Whether a client that declared `declared` supports `mode`. A capability object lists its modes as keys; an object
 * with neither key (`{}`, the 2025-06-18 shape) means form only. Mirrors the SDK's `getSupportedElicitationModes`.
 * `undefined` (no `elicitation` capability at all), or anything that is not a list or an object, supports nothing.
 */
export function declaresMode(declared: DeclaredModes | undefined | unknown, mode: ElicitationMode): boolean {
  if (Array.isArray(declared)) {
    return declared.includes(mode);
  }
  if (typeof declared !== 'object' || declared === null) {
    return false;
  }
  const capability = declared as ElicitationCapability;
  const form = capability.form !== undefined && capability.form !== null;
  const url = capability.url !== undefined && capability.url !== null;
  return mode === 'url' ? url : form || !url;
}

/** Which modes to declare; both by default. */
export interface ElicitationModes {
  /** @default true */
  form?: boolean;
  /** @default true */
  url?: boolean;
}

/**
 * The wire capability for the chosen modes, e.g. `{ form: {}, url: {} }`. (A type, not an interface, so that it is
 * assignable to the SDK's JSON-object capability type.)
 */
export type ElicitationCapabilityObject = {
  form?: Record<string, never>;
  url?: Record<string, never>;
};

/**
 * The `elicitation` client capability for the given modes (both by default).
 * @example
 * new Client(info, { capabilities: { elicitation: elicitationCapability({ url: false }) } }); // { form: {} }
 * @throws RangeError when both modes are off (a client that declares elicitation must support one mode).
 */
export function elicitationCapability(modes: ElicitationModes = {}): ElicitationCapabilityObject {
  const form = modes.form ?? true;
  const url = modes.url ?? true;
  if (!form && !url) {
    throw new RangeError('elicitationCapability: enable at least one of `form` and `url`');
  }
  return { ...(form ? { form: {} } : {}), ...(url ? { url: {} } : {}) };
}

/**
 * The HTTP request headers of MCP's Streamable HTTP transport that a browser client may send, in every era (CORS
 * `Access-Control-Allow-Headers`): the 2026-07-28 `Mcp-Method` and `Mcp-Name` too — a preflight that does not allow
 * them makes a client that negotiates (`versionNegotiation: 'auto'`) fall back to 2025 silently. Any other `Mcp-*`
 * header a preflight names is allowed as well by those who use this list.
 */
export const MCP_REQUEST_HEADERS: readonly string[] = Object.freeze([
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Mcp-Session-Id',
  'Last-Event-ID',
]);

/** The HTTP response headers of MCP's Streamable HTTP transport a browser client must read (`Access-Control-Expose-Headers`). */
export const MCP_RESPONSE_HEADERS: readonly string[] = Object.freeze([
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'WWW-Authenticate',
]);
