// What goes back to the server for an entry. (Entries themselves are made by core's queue: `openProducer().create`.)
import type { ElicitResult, ParsedElicitation } from '@elicitation-kit/core';

/** What goes on the wire: URL answers and refusals carry no content; a form accept always does (`{}` when empty). */
export function toWireResult(request: ParsedElicitation, result: ElicitResult): ElicitResult {
  if (result.action !== 'accept') {
    return { action: result.action };
  }
  if (request.mode === 'url') {
    return { action: 'accept' };
  }
  return { action: 'accept', content: result.content ?? {} };
}
