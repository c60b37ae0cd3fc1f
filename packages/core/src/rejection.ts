// Why a request is refused, as a value: the parser returns a Rejection instead of throwing, and the caller turns it
// into the `-32602` error sent to the server. Messages are sentences for people; `data.reason` and `data.path` stay
// stable codes for machines.
import { INVALID_PARAMS } from './protocol.js';
import type { ElicitationError, ParseErrorReason } from './types.js';

/** Where in the request a rejection was found, for its message: the field it concerns and the keyword. */
export interface RejectionContext {
  /** The property name, when the problem is inside one field's schema. */
  field?: string;
  /** The keyword or params key the problem is at, e.g. `$ref`, `minItems`, `message`. */
  keyword?: string;
  /** Anything the message needs beyond that: an expected type, a value, a count. */
  detail?: string;
}

/** A refused request: the path of the offending keyword, the stable reason and what its message needs. */
export class Rejection {
  constructor(
    readonly path: string,
    readonly reason: ParseErrorReason,
    readonly context: RejectionContext = {},
  ) {}

  /** The `-32602` JSON-RPC error to send. */
  toError(): ElicitationError {
    return {
      code: INVALID_PARAMS,
      message: rejectionMessage(this.reason, this.path, this.context),
      data: { path: this.path, reason: this.reason },
    };
  }
}

/** `The field 'country'` or, at the top of the schema, `The form schema`. */
const subject = (context: RejectionContext): string =>
  context.field === undefined ? 'The form schema' : `The field '${context.field}'`;

/** ` in its items`, ` in option 2`: where inside the field a refused keyword is (`detail`), or nothing. */
const place = (context: RejectionContext): string => (context.detail === undefined ? '' : ` ${context.detail}`);

/** `'message'` or `'requestedSchema.properties.a.type'`: the params key a top-level problem is at. */
const where = (path: string): string => `'${path === '' ? 'params' : path}'`;

/** One sentence per reason. Each names the field (or params key) and the rule, and says what is allowed instead. */
const MESSAGES: Record<ParseErrorReason, (path: string, context: RejectionContext) => string> = {
  'not-object': () => 'The elicitation request params must be a JSON object.',
  'not-json': (path, { detail }) =>
    `The elicitation request is not JSON: ${detail ?? 'it cannot be read'}${path === '' ? '' : ` at '${path}'`}.`,
  missing: (path) => `The elicitation request has no ${where(path)}, which is required.`,
  'wrong-type': (path, context) =>
    context.field === undefined
      ? `${where(path)} must be ${context.detail ?? 'of another type'}.`
      : `${subject(context)} has '${context.keyword}' that must be ${context.detail ?? 'of another type'}.`,
  'unknown-mode': (_path, { detail }) => `The elicitation mode '${detail}' is unknown; the modes are 'form' and 'url'.`,
  'mode-not-declared': (_path, { detail }) =>
    `This client did not declare support for ${detail} mode elicitation, so it cannot answer this request.`,
  'mode-not-in-era': (_path, { detail }) =>
    `URL mode elicitation does not exist in protocol revision ${detail}; the server must use a form.`,
  'url-invalid': () => "The 'url' is not a valid absolute URL.",
  'url-blocked': (_path, { detail }) =>
    `The 'url' uses the ${detail} scheme; only https: links (and http: on this computer) can be opened.`,
  'schema-type': () => "The form schema must have type 'object'.",
  'nested-object': (_path, context) =>
    `${subject(context)} is an object; elicitation forms allow only flat fields (text, number, yes/no, choices).`,
  'unsupported-array': (_path, context) =>
    `${subject(context)} is an array that is not a multiple choice; list its options in items.enum or items.anyOf.`,
  'unsupported-type': (_path, context) =>
    `${subject(context)} has type ${context.detail}; allowed types are string, number, integer, boolean and array.`,
  ref: (_path, context) =>
    `${subject(context)} uses ${context.keyword}${place(context)}; elicitation forms allow only flat fields, without references.`,
  composition: (_path, context) =>
    `${subject(context)} uses ${context.keyword}${place(context)}; elicitation forms allow no schema composition or nested schemas (only the options of a choice use oneOf or anyOf).`,
  'enum-not-string': (_path, context) =>
    `${subject(context)} has ${context.detail ?? 'an option'} that is not a string; options must be strings.`,
  'options-invalid': (_path, context) => `The options of the field '${context.field}' are invalid: ${context.detail}.`,
  'unknown-format': (_path, context) =>
    `${subject(context)} has the format ${context.detail}; the allowed formats are email, uri, date and date-time.`,
  'required-unknown': (_path, { detail }) => `The form schema requires '${detail}', which is not one of its fields.`,
  'default-type': (_path, context) => `The default of the field '${context.field}' must be ${context.detail}.`,
  'bound-invalid': (_path, context) => `${subject(context)} has an invalid '${context.keyword}': ${context.detail}.`,
  'variant-not-in-era': (_path, context) =>
    `${subject(context)} uses ${context.detail}, which protocol revision 2025-06-18 does not have.`,
};

/** The sentence for one rejection. */
function rejectionMessage(reason: ParseErrorReason, path: string, context: RejectionContext): string {
  return MESSAGES[reason](path, context);
}
