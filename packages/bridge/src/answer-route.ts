// The bridge's `POST`: one answer, from an admitted page, with its stream's token, its body bounded and read strictly,
// routed through the hub to the replica holding the question (which checks it against the question).
import { readAnswerBody } from './answer.js';
import type { Admission } from './bridge-admission.js';
import { refusal } from './bridge-admission.js';
import type { BridgeLimits } from './bridge-limits.js';
import type { ElicitationBridgeEvent } from './bridge-types.js';
import { jsonReply } from './exchange.js';
import type { BridgeCall, BridgeReply } from './exchange.js';
import type { AnswerOutcome, HubInternals } from './hub.js';
import { parseJson, readBody } from './request-body.js';
import type { TokenKeys } from './token.js';
import { TOKEN_HEADER } from './wire-format.js';

/** What the answer route needs. */
export interface AnswerRouteOptions {
  hub: HubInternals;
  keys: TokenKeys;
  limits: BridgeLimits;
  admission: Admission;
  /** Whether `token` is that of an open stream of `owner` on this replica (no MAC check needed). */
  holds(owner: string, token: string): boolean;
  emit(event: ElicitationBridgeEvent): void;
}

/** The `POST` handler of a bridge on `hub`. */
export function createAnswerRoute({
  hub,
  keys,
  limits,
  admission,
  holds,
  emit,
}: AnswerRouteOptions): (call: BridgeCall) => Promise<BridgeReply> {
  const { admit, refuse } = admission;
  const answer = async ({ request, body }: BridgeCall): Promise<BridgeReply> => {
    const media = (request.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase();
    if (media !== 'application/json') {
      return refuse(415, refusal(415, 'unsupported-media-type', 'Send the answer as application/json.').body);
    }
    const owner = await admit(request);
    if (typeof owner !== 'string') {
      return owner;
    }
    const token = request.headers.get(TOKEN_HEADER);
    if (token === null || !(holds(owner, token) || (await keys.verify(owner, token, Date.now())))) {
      return refuse(
        403,
        refusal(403, 'bad-token', `The ${TOKEN_HEADER} header is missing, expired, or not this user’s stream’s.`).body,
        owner,
      );
    }
    const read = await readBody(request.headers.get('content-length'), body, limits.maxBodyBytes, limits.bodyTimeoutMs);
    if (!read.ok) {
      return refuse(read.status, read.body, owner);
    }
    const json = parseJson(read.text);
    if (!json.ok) {
      return refuse(400, refusal(400, 'malformed-json', 'The body is not JSON.').body, owner);
    }
    const shaped = readAnswerBody(json.value);
    if (!shaped.ok) {
      return refuse(400, shaped.body, owner);
    }
    let outcome: AnswerOutcome;
    try {
      outcome = await hub.answer(owner, shaped.answer.id, shaped.answer.result);
    } catch (error) {
      emit({ type: 'failed', operation: 'answer', error, owner, id: shaped.answer.id });
      return refuse(
        503,
        refusal(503, 'unavailable', 'The answer could not be delivered; the question is still pending. Try again.')
          .body,
        owner,
      );
    }
    return outcome.ok ? jsonReply(200, { ok: true }) : refuse(outcome.status, outcome.body, owner);
  };
  return answer;
}
