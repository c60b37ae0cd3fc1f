// Default English messages of validation issues. Hosts replace any of them per code (`options.messages`), e.g. for
// i18n; the values each message is built from are in `issue.params`.
import type { Problem } from './check.js';
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
  unknown: (issue) => `${issue.field} is not a field of this form.`,
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
