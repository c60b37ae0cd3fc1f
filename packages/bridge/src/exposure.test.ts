import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import type { ElicitResult, ParsedFormElicitation, ProtocolVersion } from '@elicitation-kit/core';
import { describe, expect, it } from 'vitest';
import { createExposures } from './exposure.js';
import type { HubInternals, HubRecord } from './hub.js';
import { rehydrate } from './rehydrate.js';
import { EXPORT_PARAMS } from './test/bridge-host.js';

const SERVER = { id: 'acme', name: 'Acme' };

/** A hub that only records what the exposures publish. */
function recordingHub(): { hub: HubInternals; published: HubRecord[] } {
  const published: HubRecord[] = [];
  const hub: HubInternals = {
    shared: false,
    identity: 'test',
    replica: 'replica-1',
    start: () => undefined,
    upsert: (_owner, record) => {
      published.push(record);
      return Promise.resolve();
    },
    withdraw: () => undefined,
    watch: () => Promise.reject(new Error('not watched in this test')),
    answer: () => Promise.reject(new Error('not routed in this test')),
    close: () => Promise.resolve(),
  };
  return { hub, published };
}

/** A queue holding one question, asked with `request` (parsed as `protocolVersion`), and the answers it got. */
function queueWith(request: ParsedFormElicitation, protocolVersion?: ProtocolVersion) {
  const queue = createElicitationQueue();
  const producer = queue.openProducer();
  const made = producer.create({ request, server: SERVER, era: 'legacy', protocolVersion, kind: 'request' });
  if (!made.ok) {
    throw new Error(made.error.message);
  }
  const answers: ElicitResult[] = [];
  producer.add(made.entry, (result) => answers.push(result));
  return { queue, answers };
}

function parsedForm(params: unknown, protocolVersion?: ProtocolVersion): ParsedFormElicitation {
  const parsed = parseElicitation(params, protocolVersion === undefined ? {} : { protocolVersion });
  if (!parsed.ok || parsed.request.mode !== 'form') {
    throw new Error('not a form');
  }
  return parsed.request;
}

describe('exposures', () => {
  it('put the revision the adapter parsed with on the wire, and the page parses with it', () => {
    const { hub, published } = recordingHub();
    const exposures = createExposures({ hub, maxEntryBytes: 1024 * 1024, emit: () => undefined });
    exposures.expose('alice', queueWith(parsedForm(EXPORT_PARAMS, '2025-06-18'), '2025-06-18').queue, undefined);
    const [record] = published;
    expect(record?.entry.protocolVersion).toBe('2025-06-18');
    expect(rehydrate(record?.entry, {})).toMatchObject({ ok: true, wire: { protocolVersion: '2025-06-18' } });
    // An entry whose adapter knew no revision carries none.
    exposures.expose('bob', queueWith(parsedForm(EXPORT_PARAMS)).queue, undefined);
    expect(published[1]?.entry).not.toHaveProperty('protocolVersion');
    exposures.stopAll();
  });

  it('check answers with one validator per entry, built from the fields its adapter parsed', () => {
    const { hub, published } = recordingHub();
    const exposures = createExposures({ hub, maxEntryBytes: 1024 * 1024, emit: () => undefined });
    // The fields say at most 10 rows; the schema as sent says 10,000. A validator that parsed the schema again
    // would take 50.
    const strict = parsedForm({
      ...EXPORT_PARAMS,
      requestedSchema: {
        ...EXPORT_PARAMS.requestedSchema,
        properties: { ...EXPORT_PARAMS.requestedSchema.properties, maxRows: { type: 'integer', maximum: 10 } },
      },
    });
    let fieldReads = 0;
    const request: ParsedFormElicitation = {
      ...parsedForm(EXPORT_PARAMS),
      get fields() {
        fieldReads += 1;
        return strict.fields;
      },
    };
    const { queue, answers } = queueWith(request);
    exposures.expose('alice', queue, undefined);
    const wireId = published[0]!.entry.id;
    const refused = exposures.answer('alice', wireId, { action: 'accept', content: { format: 'csv', maxRows: 50 } });
    expect(refused).toMatchObject({ ok: false, status: 422, body: { error: 'invalid-content' } });
    const taken = exposures.answer('alice', wireId, { action: 'accept', content: { format: 'csv', maxRows: 5 } });
    expect(taken).toEqual({ ok: true });
    expect(answers).toEqual([{ action: 'accept', content: { format: 'csv', maxRows: 5 } }]);
    expect(fieldReads).toBe(1);
    exposures.stopAll();
  });
});
