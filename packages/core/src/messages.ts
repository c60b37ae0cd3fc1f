// Default English messages. Hosts replace any of them per code (`options.messages`), e.g. for i18n.
import type { Problem } from './check.js';
import type { IssueCode, IssueMessageFormatter, ValidateOptions, ValidationIssue } from './types.js';

// `{label}` / `{field}` name the field, `{}` is the code's own param (a format by its name), `{s}` pluralises after it.
const templates: Record<IssueCode, string> = {
  required: '{label} is required.',
  type: '{label} must be of type {}.',
  integer: 'Enter a whole number.',
  'unsafe-integer': '{label} is too large to be exact.',
  minimum: '{label} must be at least {}.',
  maximum: '{label} must be at most {}.',
  minLength: '{label} must be at least {} character{s}.',
  maxLength: '{label} must be at most {} character{s}.',
  format: 'Enter a valid {}.',
  option: 'Choose one of the listed options.',
  minItems: 'Choose at least {} option{s}.',
  maxItems: 'Choose at most {} option{s}.',
  uniqueItems: 'Choose each option only once.',
  unknown: '{field} is not a field of this form.',
};

const formatNames: Record<string, string> = {
  email: 'email address',
  uri: 'URL',
  date: 'date',
  'date-time': 'date and time',
};

/**
 * The default English formatter of every issue code, e.g. `maximum` → `Max rows must be at most 10000.`,
 * `integer` → `Enter a whole number.`, `minItems` → `Choose at least 1 option.`
 */
export const issueMessages = Object.fromEntries(
  Object.entries(templates).map(([code, template]): [string, IssueMessageFormatter] => [
    code,
    (issue) => {
      const value = issue.params?.[code];
      return template.replace(/\{(\w*)\}/g, (_, key: string) =>
        String(
          key === 's'
            ? value === 1
              ? ''
              : 's'
            : key
              ? issue[key as 'label']
              : code === 'format'
                ? formatNames[value!]
                : value,
        ),
      );
    },
  ]),
) as Record<IssueCode, IssueMessageFormatter>;

/** The issues of one field: none, or the one its problem (if any) makes, the message from the host's override or the default. */
export function issues(
  field: string,
  label: string,
  problem: Problem | undefined | false,
  options?: ValidateOptions,
): ValidationIssue[] {
  if (!problem) return [];
  const [code, params] = problem;
  const base = params ? { field, code, params } : { field, code };
  return [{ ...base, message: (options?.messages?.[code] ?? issueMessages[code])({ ...base, label }) }];
}
