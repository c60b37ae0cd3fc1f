// What a field accepts, said before the user types: the rule (which bounds apply) lives here, next to the validation
// that enforces it; the wording is the UI's (strings, i18n).
import type { FieldDescriptor } from './types.js';

/** One thing to say up front about a field's accepted values. */
export type FieldHint =
  | { kind: 'range'; minimum?: number; maximum?: number }
  | { kind: 'length'; minLength?: number; maxLength?: number }
  | { kind: 'items'; minItems?: number; maxItems?: number }
  | { kind: 'time-zone'; timeZone: string };

/** Options of {@link fieldHints}. */
export interface FieldHintOptions {
  /** The IANA time zone date-times are entered in. @default the runtime's (`Intl.DateTimeFormat`) */
  timeZone?: string;
}

const runtimeTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

/**
 * The numbers written in `text`, as the strings `String(number)` gives (`"10,000"` → `"10000"`, `"-3"`, `"0.5"`).
 * One pass over the text: linear in its length, whatever it holds.
 */
function numbersIn(text: string): Set<string> {
  const found = new Set<string>();
  let index = 0;
  while (index < text.length) {
    if (!isDigit(text[index])) {
      index += 1;
      continue;
    }
    const negative = text[index - 1] === '-' || text[index - 1] === '\u2212';
    let digits = '';
    // Digits, with thousands separators between digit groups and one decimal point.
    while (index < text.length) {
      const char = text[index];
      if (isDigit(char)) {
        digits += char;
      } else if (char === ',' && isDigit(text[index + 1]) && digits !== '') {
        // a thousands separator: skipped
      } else if (char === '.' && isDigit(text[index + 1]) && !digits.includes('.')) {
        digits += '.';
      } else {
        break;
      }
      index += 1;
    }
    found.add(`${negative ? '-' : ''}${String(Number(digits))}`);
  }
  return found;
}

/**
 * Whether the field's own description already states every bound (e.g. "… (1 to 10000)."), so the hint would say
 * it twice.
 */
function describedAlready(field: FieldDescriptor, bounds: readonly (number | undefined)[]): boolean {
  if (field.description === undefined) {
    return false;
  }
  const written = numbersIn(field.description);
  return bounds.every((bound) => bound === undefined || written.has(String(bound)));
}

/**
 * The hints of one field, in the order to show them: a number's range, a text's length (a minimum of 0 says
 * nothing), a multi-select's number of choices, and the time zone a date-time is entered in (it is sent with that
 * zone's offset). Empty when the field has no such rule. A bound hint is left out when the field's description already
 * names each of its bounds (the server said it: saying it again is noise).
 */
export function fieldHints(field: FieldDescriptor, options: FieldHintOptions = {}): FieldHint[] {
  switch (field.kind) {
    case 'number': {
      if (
        (field.minimum === undefined && field.maximum === undefined) ||
        describedAlready(field, [field.minimum, field.maximum])
      ) {
        return [];
      }
      const hint: FieldHint = { kind: 'range' };
      if (field.minimum !== undefined) hint.minimum = field.minimum;
      if (field.maximum !== undefined) hint.maximum = field.maximum;
      return [hint];
    }
    case 'text': {
      const hints: FieldHint[] = [];
      const minLength = field.minLength === 0 ? undefined : field.minLength;
      if (
        (minLength !== undefined || field.maxLength !== undefined) &&
        !describedAlready(field, [minLength, field.maxLength])
      ) {
        const hint: FieldHint = { kind: 'length' };
        if (minLength !== undefined) hint.minLength = minLength;
        if (field.maxLength !== undefined) hint.maxLength = field.maxLength;
        hints.push(hint);
      }
      if (field.format === 'date-time') {
        hints.push({ kind: 'time-zone', timeZone: options.timeZone ?? runtimeTimeZone() });
      }
      return hints;
    }
    case 'multiselect': {
      const minItems = field.minItems === 0 ? undefined : field.minItems;
      if (
        (minItems === undefined && field.maxItems === undefined) ||
        describedAlready(field, [minItems, field.maxItems])
      ) {
        return [];
      }
      const hint: FieldHint = { kind: 'items' };
      if (minItems !== undefined) hint.minItems = minItems;
      if (field.maxItems !== undefined) hint.maxItems = field.maxItems;
      return [hint];
    }
    case 'checkbox':
    case 'select':
      return [];
    default:
      return field satisfies never;
  }
}
