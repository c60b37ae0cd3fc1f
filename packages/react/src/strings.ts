import type { IssueCode, IssueMessageFormatter, UrlWarning } from '@elicitation-kit/core';

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
  /** Hint under a multi-select with item bounds. */
  choose: (min: number | undefined, max: number | undefined) => string;
  /** Submits the form (action `accept`). */
  accept: string;
  /** Refuses explicitly (action `decline`). */
  decline: string;
  /** Dismisses without choosing (action `cancel`). */
  cancel: string;
  /** URL mode: opens the page in a new tab and answers `accept`. */
  open: (host: string) => string;
  /** URL mode: introduces the full URL. */
  urlIntro: string;
  /** URL mode: shown instead of the open button when the kit will not open the URL. */
  urlBlocked: string;
  /** URL mode with `confirmUrlDone`: shown after the page was opened. */
  urlOpened: string;
  /** URL mode with `confirmUrlDone`: answers `accept` once the user has finished on the page. */
  urlDone: string;
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

/** The English defaults of {@link ElicitationStrings}. */
export const defaultStrings: ElicitationStrings = {
  title: (server) => `${server} is asking for input`,
  pending: (count) => `${count} more ${count === 1 ? 'request' : 'requests'} waiting`,
  required: '(required)',
  placeholder: 'Choose…',
  choose: (min, max) =>
    min !== undefined && max !== undefined
      ? `Choose ${min} to ${max}.`
      : min !== undefined
        ? `Choose at least ${min}.`
        : `Choose at most ${max}.`,
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  open: (host) => `Open ${host}`,
  urlIntro: 'It asks you to open this page in a new tab:',
  urlBlocked: 'This link cannot be opened safely.',
  urlOpened: 'Opened in a new tab.',
  urlDone: "I'm done",
  urlWarning: (warning) => warning.message,
  sensitive: (labels) =>
    `${list(labels)} ${labels.length === 1 ? 'looks' : 'look'} like a secret. Servers must not ask for passwords, keys or card numbers in a form; do not enter them here.`,
  sensitiveBlocked: 'This app does not allow forms that ask for secrets. Decline or cancel the request.',
};
