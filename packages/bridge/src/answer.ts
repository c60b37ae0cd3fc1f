// An answer from the browser is untrusted input. Its shape is read first (by the replica that received it, and again
// by the one holding the question: the hub carries it as JSON), then the holder checks it against the question with
// core (the one home of the content rules) before anything reaches the MCP server. A refused answer answers nothing:
// the question stays pending.
import { isJsonObject } from '@elicitation-kit/core';
import type { ContentValidator, ElicitContent, ElicitResult, ParsedFormElicitation } from '@elicitation-kit/core';
import type { PendingElicitation } from '@elicitation-kit/core';
import { MAX_ID_LENGTH } from './wire-format.js';
import type { AnswerBody, BridgeErrorBody } from './wire-format.js';

/** A value read from the wire, or the refusal naming what is wrong with it. */
export type Reading<T> = ({ ok: true } & T) | { ok: false; body: BridgeErrorBody };

const ACTIONS: ReadonlySet<string> = new Set(['accept', 'decline', 'cancel']);

/** The longest member name quoted back in an error (a hostile body may use a 100,000-character one). */
const QUOTED_NAME_LENGTH = 64;

const quoteName = (name: string): string =>
  name.length > QUOTED_NAME_LENGTH ? `${name.slice(0, QUOTED_NAME_LENGTH)}…` : name;

const wrongShape = (path: string, message: string): { ok: false; body: BridgeErrorBody } => ({
  ok: false,
  body: { error: 'wrong-shape', message, path },
});

/** The first member of `value` that is not one of `allowed`, if any. */
function unknownMember(value: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(value).find((key) => !allowed.includes(key));
}

/** Reads an `ElicitResult`: `{ action, content? }`, content only with `accept`, nothing else. */
export function readResult(value: unknown): Reading<{ result: ElicitResult }> {
  if (!isJsonObject(value)) {
    return wrongShape('result', '\'result\' must be an object: { "action": "accept" | "decline" | "cancel" }.');
  }
  const extra = unknownMember(value, ['action', 'content']);
  if (extra !== undefined) {
    const name = quoteName(extra);
    return wrongShape(`result.${name}`, `'result.${name}' is not part of an answer (only 'action' and 'content').`);
  }
  const { action, content } = value;
  if (typeof action !== 'string' || !ACTIONS.has(action)) {
    return wrongShape('result.action', "'result.action' must be 'accept', 'decline' or 'cancel'.");
  }
  if (content === undefined) {
    return { ok: true, result: { action } as ElicitResult };
  }
  if (action !== 'accept') {
    return wrongShape('result.content', `'result.content' is only sent with 'accept', not with '${action}'.`);
  }
  if (!isJsonObject(content)) {
    return wrongShape('result.content', "'result.content' must be an object of field values.");
  }
  return { ok: true, result: { action, content: content as ElicitContent } };
}

/** Reads the body of an answer: `{ id, result }`, nothing else. */
export function readAnswerBody(value: unknown): Reading<{ answer: AnswerBody }> {
  if (!isJsonObject(value)) {
    return wrongShape('', 'The body must be a JSON object: { "id": "<entry id>", "result": { "action": … } }.');
  }
  const extra = unknownMember(value, ['id', 'result']);
  if (extra !== undefined) {
    const name = quoteName(extra);
    return wrongShape(name, `'${name}' is not part of an answer (only 'id' and 'result').`);
  }
  const { id } = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) {
    return wrongShape('id', `'id' must be the entry's id: a string of 1 to ${MAX_ID_LENGTH} characters.`);
  }
  const read = readResult(value['result']);
  return read.ok ? { ok: true, answer: { id, result: read.result } } : read;
}

/**
 * Checks an answer against the question it answers: a URL elicitation's answer (and a `url-required` dismissal)
 * carries no content; an accepted form's content passes core's validator for its `requestedSchema` (`{}` when none
 * was sent, as the kit's queue sends it). Returns the answer to give the queue: the content is the validator's copy.
 */
export function checkAnswer(
  entry: PendingElicitation,
  result: ElicitResult,
  validatorFor: (request: ParsedFormElicitation) => ContentValidator,
): Reading<{ result: ElicitResult }> {
  if (result.action !== 'accept') {
    return { ok: true, result };
  }
  if (entry.request.mode === 'url' || entry.kind === 'url-required') {
    return result.content === undefined
      ? { ok: true, result: { action: 'accept' } }
      : {
          ok: false,
          body: { error: 'invalid-answer', message: 'An answer to a URL elicitation carries no content.' },
        };
  }
  const checked = validatorFor(entry.request)(result.content ?? {});
  if (!checked.ok) {
    const [first] = checked.issues;
    return {
      ok: false,
      body: {
        error: 'invalid-content',
        message: `The answer does not fit the form: ${first?.message ?? 'the content is not valid.'}`,
        issues: checked.issues,
      },
    };
  }
  return { ok: true, result: { action: 'accept', content: checked.content } };
}
