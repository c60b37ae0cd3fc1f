// Default English messages of validation issues. Hosts replace any of them per code (`options.messages`), e.g. for
// i18n; the values each message is built from are in `issue.params`.
import type { Problem } from './check.js';
import { MAX_JSON_DEPTH } from './json.js';
import type { IssueCode, IssueMessageFormatter, ValidateOptions, ValidationIssue } from './types.js';

const FORMAT_NAMES: Record<string, string> = {
  email: 'email address',
  uri: 'URL',
  date: 'date',
  'date-time': 'date and time',
};

const NUMBER_PROBLEMS: Record<string, string> = {
  spaces: 'Enter the number without spaces, e.g. 1234.',
  radix: 'Enter a decimal number, e.g. 42 (hexadecimal, octal and binary are not accepted).',
  comma: 'Use a dot for decimals and no thousands separators, e.g. 1234.5.',
  'too-large': 'This number is too large.',
  'not-a-number': 'Enter a number, e.g. 42.',
};

const TIME_ZONE_PROBLEMS: Record<string, string> = {
  nonexistent: 'This time does not exist in your time zone (the clocks change then); choose another time.',
  'offset-not-minutes': 'This time cannot be sent exactly in your time zone at that date; choose another time.',
};

/** What a value JSON cannot carry is (`not-json`'s `params.problem`), after the path to it. */
const NOT_JSON_VALUES: Record<string, string> = {
  bigint: 'is a BigInt, which JSON cannot carry',
  function: 'is a function, which JSON cannot carry',
  symbol: 'is a symbol, which JSON cannot carry',
  'non-finite': 'is not a finite number (NaN or Infinity), which JSON cannot carry',
  undefined: 'is undefined, which JSON cannot carry in a list',
  cycle: 'refers back to an object that holds it (a cycle), which JSON cannot carry',
  unreadable: 'could not be read (a getter or proxy threw)',
  'too-deep': `is nested more than ${MAX_JSON_DEPTH} levels deep`,
};

/** How a path that is one empty name is said (`''` alone would leave the sentence without a subject). */
const EMPTY_NAME = 'The member named "" (an empty name)';

/** `1 character`, `3 characters`. */
const count = (value: unknown, noun: string): string => `${String(value)} ${noun}${value === 1 ? '' : 's'}`;

/**
 * The default English formatter of every issue code, e.g. `maximum` → `Maximum rows must be at most 10000.`,
 * `integer` → `Enter a whole number.`, `minItems` → `Choose at least 1 option.`
 */
export const issueMessages: Record<IssueCode, IssueMessageFormatter> = {
  required: (issue) => `${issue.label} is required.`,
  type: (issue) => `${issue.label} must be of type ${String(issue.params?.['type'])}.`,
  number: (issue) => NUMBER_PROBLEMS[String(issue.params?.['problem'])] ?? 'Enter a number, e.g. 42.',
  integer: () => 'Enter a whole number.',
  'unsafe-integer': (issue) => `${issue.label} is too large to be exact.`,
  'time-zone': (issue) => TIME_ZONE_PROBLEMS[String(issue.params?.['problem'])] ?? 'Choose another time.',
  minimum: (issue) => `${issue.label} must be at least ${String(issue.params?.['minimum'])}.`,
  maximum: (issue) => `${issue.label} must be at most ${String(issue.params?.['maximum'])}.`,
  minLength: (issue) => `${issue.label} must be at least ${count(issue.params?.['minLength'], 'character')}.`,
  maxLength: (issue) => `${issue.label} must be at most ${count(issue.params?.['maxLength'], 'character')}.`,
  format: (issue) => `Enter a valid ${FORMAT_NAMES[String(issue.params?.['format'])] ?? 'value'}.`,
  option: () => 'Choose one of the listed options.',
  minItems: (issue) => `Choose at least ${count(issue.params?.['minItems'], 'option')}.`,
  maxItems: (issue) => `Choose at most ${count(issue.params?.['maxItems'], 'option')}.`,
  uniqueItems: () => 'Choose each option only once.',
  unknown: (issue) =>
    issue.field === ''
      ? 'Content has a member named "" (an empty name), which the schema does not define.'
      : `${issue.field} is not a field of this form.`,
  'not-json': (issue) => {
    const path = issue.params?.['path'];
    const where = path === undefined ? 'Content' : path === '' ? EMPTY_NAME : String(path);
    return `${where} ${NOT_JSON_VALUES[String(issue.params?.['problem'])] ?? 'is not a JSON value'}.`;
  },
};

/** The issue of one field's problem (none without one), the message from the host's override or the default. */
export function issueOf(
  field: string,
  label: string,
  problem: Problem | undefined | false,
  options?: ValidateOptions,
): ValidationIssue | undefined {
  if (!problem) {
    return undefined;
  }
  const [code, params] = problem;
  const base = params === undefined ? { field, code } : { field, code, params };
  const format = options?.messages?.[code] ?? issueMessages[code];
  return { ...base, message: format({ ...base, label }) };
}
