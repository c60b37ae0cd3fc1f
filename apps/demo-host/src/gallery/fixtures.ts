// The spec fixtures, bundled: every schema shape the kit supports, and requests a client must refuse.
import { isJsonObject, type ProtocolVersion } from '@elicitation-kit/core';

/** One fixture of the gallery. */
export interface GalleryFixture {
  /** Route id: the file name without `.json`, prefixed `invalid-` for refused requests. */
  id: string;
  /** Path under `fixtures/examples/`. */
  file: string;
  group: 'form' | 'url' | 'invalid';
  /** The whole JSON-RPC request as in the file (without the `_why` note). */
  request: unknown;
  /** Its `params`: what the client's handler receives. */
  params: unknown;
  /** The JSON-RPC id to answer with. */
  requestId: string | number | null;
  /** The `params.message`, or a placeholder. */
  message: string;
  /** Why the request is invalid (the fixture's `_why`). */
  why?: string;
  /** The revision to judge it under by default (invalid fixtures come from the 2025-11-25 spec). */
  protocolVersion?: ProtocolVersion;
}

const valid = import.meta.glob<unknown>('../../../../fixtures/examples/*.json', { eager: true, import: 'default' });
const invalid = import.meta.glob<unknown>('../../../../fixtures/examples/invalid/*.json', {
  eager: true,
  import: 'default',
});

function toFixture(path: string, json: unknown, isInvalid: boolean): GalleryFixture {
  const file = path.slice(path.indexOf('fixtures/examples/') + 'fixtures/examples/'.length);
  const base = file.replace(/^invalid\//, '').replace(/\.json$/, '');
  const record = isJsonObject(json) ? json : {};
  const { _why: why, ...request } = record;
  const params = request['params'];
  const message = isJsonObject(params) && typeof params['message'] === 'string' ? params['message'] : '(no message)';
  const rawId = request['id'];
  const mode = isJsonObject(params) ? params['mode'] : undefined;
  return {
    id: isInvalid ? `invalid-${base}` : base,
    file,
    group: isInvalid ? 'invalid' : mode === 'url' ? 'url' : 'form',
    request,
    params,
    requestId: typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null,
    message,
    ...(typeof why === 'string' ? { why } : {}),
    ...(isInvalid ? { protocolVersion: '2025-11-25' as const } : {}),
  };
}

/** Every fixture, valid ones first, each group in file order (Vite sorts glob matches by path). */
export const fixtures: readonly GalleryFixture[] = [
  ...Object.entries(valid).map(([path, json]) => toFixture(path, json, false)),
  ...Object.entries(invalid).map(([path, json]) => toFixture(path, json, true)),
];

/** The fixture with this route id. */
export function findFixture(id: string): GalleryFixture | undefined {
  return fixtures.find((fixture) => fixture.id === id);
}

const stateless = import.meta.glob<unknown>('../../../../fixtures/examples/2026-07-28/*.json', {
  eager: true,
  import: 'default',
});

/** Examples for the playground's "Load an example" menu: every gallery fixture plus the stateless-era messages. */
export const playgroundExamples: readonly { id: string; label: string; json: unknown }[] = [
  ...fixtures.map((fixture) => ({ id: fixture.id, label: fixture.file, json: fixture.request })),
  ...Object.entries(stateless)
    .filter(([path]) => /\/0[24]-/.test(path))
    .map(([path, json]) => {
      const file = path.slice(path.indexOf('2026-07-28/'));
      return { id: file.replace(/\.json$/, '').replace('/', '-'), label: file, json };
    }),
];
