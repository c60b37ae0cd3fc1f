// What the playground accepts, turned into the elicitation params a client would see, in the order it would see them.
import { isJsonObject, type ProtocolVersion } from '@elicitation-kit/core';

/** One `elicitation/create` to show: its params exactly as received, and where they came from. */
export interface ExtractedRequest {
  /** `inputRequests` key (stateless era), or `"request"`/`"params"` for a single request. */
  key: string;
  /** The params as pasted: the kit's parser decides whether they are acceptable. */
  params: unknown;
}

/** An `inputRequests` entry that is not an elicitation (sampling, roots, …): the playground only lists it. */
export interface SkippedRequest {
  key: string;
  method: string;
}

/** Result of {@link extractRequests}. */
export type Extraction =
  | {
      ok: true;
      /** `params`: bare params; `request`: a JSON-RPC request; `input-required`: a 2026-07-28 `input_required` result. */
      source: 'params' | 'request' | 'input-required';
      requests: ExtractedRequest[];
      skipped: SkippedRequest[];
      /** The JSON-RPC id of a pasted request or response, when there is one. */
      id?: string | number | null;
      /** The `requestState` of an `input_required` result (echoed on the retry). */
      requestState?: string;
      /** The protocol revision the shape implies (`input_required` exists only in 2026-07-28). */
      protocolVersion?: ProtocolVersion;
    }
  | { ok: false; message: string };

function idOf(value: Record<string, unknown>): { id?: string | number | null } {
  const id = value['id'];
  return typeof id === 'string' || typeof id === 'number' || id === null ? { id } : {};
}

function fromInputRequired(result: Record<string, unknown>, id: { id?: string | number | null }): Extraction {
  const resultType = result['resultType'];
  if (resultType !== undefined && resultType !== 'input_required') {
    return {
      ok: false,
      message:
        resultType === 'complete'
          ? 'This is a complete result: there is nothing to ask the user.'
          : `Unknown resultType ${JSON.stringify(resultType)}: a 2026-07-28 client rejects it.`,
    };
  }
  const inputRequests = result['inputRequests'];
  if (!isJsonObject(inputRequests)) {
    return { ok: false, message: 'An input_required result needs an inputRequests object.' };
  }
  const requests: ExtractedRequest[] = [];
  const skipped: SkippedRequest[] = [];
  for (const [key, entry] of Object.entries(inputRequests)) {
    const method = isJsonObject(entry) && typeof entry['method'] === 'string' ? entry['method'] : '(no method)';
    if (method === 'elicitation/create' && isJsonObject(entry)) {
      requests.push({ key, params: entry['params'] });
    } else {
      skipped.push({ key, method });
    }
  }
  if (requests.length === 0) {
    return { ok: false, message: 'inputRequests holds no elicitation/create request.' };
  }
  const requestState = result['requestState'];
  return {
    ok: true,
    source: 'input-required',
    requests,
    skipped,
    ...id,
    ...(typeof requestState === 'string' ? { requestState } : {}),
    protocolVersion: '2026-07-28',
  };
}

/**
 * Reads the playground's text: `elicitation/create` params, a full JSON-RPC request, or an `input_required` result
 * (bare or inside a JSON-RPC response), whose `elicitation/create` entries are returned in order.
 * Anything else that is valid JSON is treated as params, so the kit's parser can say what is wrong with it.
 */
export function extractRequests(text: string): Extraction {
  if (text.trim() === '') {
    return { ok: false, message: 'Paste elicitation/create params, a JSON-RPC request or an input_required result.' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isJsonObject(value)) {
    return { ok: true, source: 'params', requests: [{ key: 'params', params: value }], skipped: [] };
  }
  if (typeof value['method'] === 'string') {
    if (value['method'] !== 'elicitation/create') {
      return { ok: false, message: `This is a ${value['method']} request, not elicitation/create.` };
    }
    return {
      ok: true,
      source: 'request',
      requests: [{ key: 'request', params: value['params'] }],
      skipped: [],
      ...idOf(value),
    };
  }
  if (isJsonObject(value['error']) && value['jsonrpc'] === '2.0') {
    return { ok: false, message: 'This is a JSON-RPC error response, not a request.' };
  }
  if (isJsonObject(value['result']) && value['jsonrpc'] === '2.0') {
    return fromInputRequired(value['result'], idOf(value));
  }
  if (value['resultType'] !== undefined || value['inputRequests'] !== undefined) {
    return fromInputRequired(value, {});
  }
  return { ok: true, source: 'params', requests: [{ key: 'params', params: value }], skipped: [] };
}
