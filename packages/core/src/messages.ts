// Default English messages. Hosts replace any of them per code (`options.messages`), e.g. for i18n.
import type { IssueCode, IssueMessageFormatter, ValidateOptions, ValidationIssue } from './types.js';

// `{name}` is a param (or `label` / `field`); `{s}` pluralises after the code's own param.
const templates: Record<IssueCode, string> = {
  required: '{label} is required.',
  type: '{label} must be of type {type}.',
  integer: 'Enter a whole number.',
  'unsafe-integer': '{label} is too large to be exact.',
  minimum: '{label} must be at least {minimum}.',
  maximum: '{label} must be at most {maximum}.',
  minLength: '{label} must be at least {minLength} character{s}.',
  maxLength: '{label} must be at most {maxLength} character{s}.',
  format: 'Enter a valid {format}.',
  option: 'Choose one of the listed options.',
  minItems: 'Choose at least {minItems} option{s}.',
  maxItems: 'Choose at most {maxItems} option{s}.',
  uniqueItems: 'Choose each option only once.',
  unknown: '{field} is not a field of this form.',
};

const formatNames: Record<string, string> = { email: 'email address', uri: 'URL', date: 'date', 'date-time': 'date and time' };

/**
 * The default English formatter of every issue code, e.g. `maximum` → `Max rows must be at most 10000.`,
 * `integer` → `Enter a whole number.`, `minItems` → `Choose at least 1 option.`
 */
export const issueMessages = Object.fromEntries(
  Object.entries(templates).map(([code, template]): [string, IssueMessageFormatter] => [
    code,
    ({ label, field, params = {} }) => {
      const values: Record<string, unknown> = {
        ...params,
        label,
        field,
        s: params[code] === 1 ? '' : 's',
        format: formatNames[params['format'] as string],
      };
      return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
    },
  ]),
) as Record<IssueCode, IssueMessageFormatter>;

/** Builds one issue, its message from the host's override or the default. */
export function issue(
  field: string,
  label: string,
  code: IssueCode,
  params?: Record<string, string | number>,
  options?: ValidateOptions,
): ValidationIssue {
  const base = params ? { field, code, params } : { field, code };
  return { ...base, message: (options?.messages?.[code] ?? issueMessages[code])({ ...base, label }) };
}
