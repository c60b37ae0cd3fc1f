// The run panel's progress line in the host's own words. The SDK reports each 2026-07-28 input round through the
// call's `onprogress` as `Fulfilling input required by '<method>' (round <n>)` (runInputRequiredDriver in
// @modelcontextprotocol/client); that wording is the SDK's, not the user's, so it is replaced. Everything else is a
// server's own progress and is shown as the server sent it (as plain text).
import type { Progress } from '@modelcontextprotocol/client';

/** The SDK's input-round message, up to the method name. */
const INPUT_ROUND_PREFIX = "Fulfilling input required by '";
/** Between the method name and the round number. */
const INPUT_ROUND_MIDDLE = "' (round ";
/** After the round number. */
const INPUT_ROUND_SUFFIX = ')';
/** More digits than any real round count (the SDK stops at `maxRounds`): anything longer is not the SDK's message. */
const MAX_ROUND_DIGITS = 6;

function isDigits(text: string): boolean {
  if (text.length === 0 || text.length > MAX_ROUND_DIGITS) {
    return false;
  }
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) {
      return false;
    }
  }
  return true;
}

/**
 * The round number of the SDK's input-round progress message, else undefined (any other message). Reads the string
 * with `startsWith`/`lastIndexOf`, once, with no regular expression.
 *
 * @example inputRound("Fulfilling input required by 'tools/call' (round 2)") // 2
 */
export function inputRound(message: string): number | undefined {
  if (!message.startsWith(INPUT_ROUND_PREFIX) || !message.endsWith(INPUT_ROUND_SUFFIX)) {
    return undefined;
  }
  const middle = message.lastIndexOf(INPUT_ROUND_MIDDLE);
  if (middle < INPUT_ROUND_PREFIX.length) {
    return undefined;
  }
  const digits = message.slice(middle + INPUT_ROUND_MIDDLE.length, -INPUT_ROUND_SUFFIX.length);
  return isDigits(digits) ? Number(digits) : undefined;
}

/**
 * What the run panel says after "Running <tool>…" for one progress report: the host's words for the SDK's input
 * rounds ("Answering the server’s questions (round 1)…"), else the server's own `progress / total message`.
 * Empty before any progress arrived.
 */
export function progressWords(progress: Progress | undefined): string {
  if (progress === undefined) {
    return '';
  }
  const round = progress.message === undefined ? undefined : inputRound(progress.message);
  if (round !== undefined) {
    // The SDK's `progress` is the round again: saying it once is enough.
    return `Answering the server’s questions (round ${round})…`;
  }
  const amount = progress.total === undefined ? `${progress.progress}` : `${progress.progress} / ${progress.total}`;
  return progress.message === undefined ? amount : `${amount} ${progress.message}`;
}
