import type { FieldHint, IssueCode, IssueMessageFormatter, UrlWarning } from '@elicitation-kit/core';

/**
 * Every string the dialog shows that is not the server's own text. Pass a partial object as the `strings` prop to
 * translate or reword; missing keys fall back to {@link defaultStrings}. Functions return plain text (never HTML).
 */
export interface ElicitationStrings {
  /** Dialog title, naming the asking server (its title, else its name). */
  title: (server: string) => string;
  /** Shown when more requests wait behind this one. */
  pending: (count: number) => string;
  /** Appended to the label of a required field (so it is not marked by colour only). */
  required: string;
  /** The empty choice of a single select. */
  placeholder: string;
  /** A hint shown under a field before the user types (core's `fieldHints`: range, length, choices, time zone). */
  hint: (hint: FieldHint) => string;
  /** Submits the form (action `accept`). */
  accept: string;
  /** Refuses explicitly (action `decline`). */
  decline: string;
  /** Dismisses without choosing (action `cancel`). */
  cancel: string;
  /** Beside the actions: what Decline and Cancel each tell the server. */
  answerNote: string;
  /** URL mode: opens the page in a new tab and answers `accept`. */
  open: (host: string) => string;
  /** URL mode: introduces the full URL. */
  urlIntro: string;
  /** URL mode: shown instead of the open button when the kit will not open the URL. */
  urlBlocked: string;
  /** URL mode, when "I'm done" is needed (2026-07-28): shown after the page was opened; says what it waits for. */
  urlOpened: string;
  /** URL mode, when "I'm done" is needed: answers `accept` once the user has finished on the page. */
  urlDone: string;
  /** URL mode: the server asks again for a page the user already accepted (the entry's `askedAgain`). */
  urlAskedAgain: string;
  /** URL mode: the link's site is not the asking server's own (core's `different-site`). */
  differentSite: (site: string) => string;
  /** URL mode: one line per warning from core's `analyzeUrl` (defaults to core's English message). */
  urlWarning: (warning: UrlWarning) => string;
  /** Form mode: the fields (by label) that look like they ask for a secret. */
  sensitive: (labels: readonly string[]) => string;
  /** Form mode: shown when the host blocks forms asking for secrets (`blockSensitive`). */
  sensitiveBlocked: string;
  /** Validation message overrides per issue code, passed to core's `validateValues`. */
  issues?: Partial<Record<IssueCode, IssueMessageFormatter>>;
}

const list = (items: readonly string[]): string => items.map((item) => `“${item}”`).join(', ');

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A number's range: `From 0 to 150.`, `At least 1.`, `At most 10000.` */
const range = (min: number | undefined, max: number | undefined): string =>
  min !== undefined && max !== undefined
    ? `From ${min} to ${max}.`
    : min !== undefined
      ? `At least ${min}.`
      : `At most ${String(max)}.`;

/** A text's length: `2 to 50 characters.`, `At least 1 character.`, `Up to 50 characters.` */
const length = (min: number | undefined, max: number | undefined): string =>
  min !== undefined && max !== undefined
    ? `${min} to ${plural(max, 'character')}.`
    : min !== undefined
      ? `At least ${plural(min, 'character')}.`
      : `Up to ${plural(max ?? 0, 'character')}.`;

/** A multi-select's number of choices: `Choose 1 to 3.`, `Choose at least 1.`, `Choose at most 3.` */
const choose = (min: number | undefined, max: number | undefined): string =>
  min !== undefined && max !== undefined
    ? `Choose ${min} to ${max}.`
    : min !== undefined
      ? `Choose at least ${min}.`
      : `Choose at most ${String(max)}.`;

/** The English defaults of {@link ElicitationStrings}. */
export const defaultStrings: ElicitationStrings = {
  title: (server) => `${server} is asking for input`,
  pending: (count) => `${count} more ${count === 1 ? 'request' : 'requests'} waiting`,
  required: '(required)',
  placeholder: 'Choose…',
  hint: (hint) => {
    switch (hint.kind) {
      case 'range':
        return range(hint.minimum, hint.maximum);
      case 'length':
        return length(hint.minLength, hint.maxLength);
      case 'items':
        return choose(hint.minItems, hint.maxItems);
      case 'time-zone':
        return `Times are in your time zone (${hint.timeZone}).`;
      default:
        return hint satisfies never;
    }
  },
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  answerNote: 'Decline tells the server no. Cancel dismisses the question without an answer to it.',
  open: (host) => `Open ${host}`,
  urlIntro: 'It asks you to open this page in a new tab:',
  urlBlocked: 'This link cannot be opened safely.',
  urlOpened:
    "Opened in a new tab. Finish there, then choose I'm done. If the page was not finished, the server will ask again.",
  urlDone: "I'm done",
  urlAskedAgain:
    'The server asks again: it does not count this step as finished yet. Finish on the page (open it again if you closed it), then answer.',
  urlWarning: (warning) => warning.message,
  differentSite: (site) => `This page is on ${site}, a different site than the server asking.`,
  sensitive: (labels) =>
    `${list(labels)} ${labels.length === 1 ? 'looks' : 'look'} like a secret. Servers must not ask for passwords, keys or card numbers in a form; do not enter them here.`,
  sensitiveBlocked: 'This app does not allow forms that ask for secrets. Decline or cancel the request.',
};
