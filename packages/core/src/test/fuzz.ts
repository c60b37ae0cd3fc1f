// `pnpm run fuzz` (or `npm run fuzz` at the root): the full fuzz run of the core.
//   1. ≥100,000 generated and mutated `elicitation/create` params (fixtures with dropped, replaced and inserted keys,
//      wrong types, nesting, huge strings; random JSON; hostile JS values) under every era and mode set, checking the
//      invariants of ./invariants.ts: never throws, never accepts what the official schema or the policies reject,
//      every rejection is a -32602 with a reason and a path.
//   2. ≥10,000 (schema, content) pairs where validateContent must agree with ajv 8 + ajv-formats.
//   3. 20,000 mutated schemas where parseRequestedSchema must agree with the official schema plus the policies.
// Options: --runs <n> (requests, default 100000), --pairs <n> (default 10000), --seed <n>. Exits 1 on any failure.
import * as fc from 'fast-check';
import { validateContent } from '../index.js';
import type { ParseOptions } from '../types.js';
import { contentFor, createRandom, loadFixtures, mutate, restrictedSchema, type Random } from './harness.js';
import { checkRequest, compareContent, compareSchema } from './invariants.js';

const argument = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const runs = argument('runs', 100_000);
const pairs = argument('pairs', 10_000);
const seed = argument('seed', 20_251_125);

const failures: string[] = [];
/** The input as text for a failure line; a hostile input (a throwing proxy) may not even stringify. */
const show = (input: unknown): string => {
  try {
    return JSON.stringify(input)?.slice(0, 400) ?? String(input);
  } catch {
    return '(not printable)';
  }
};
const fail = (what: string, detail: string, input: unknown): void => {
  if (failures.length < 20) failures.push(`${what}: ${detail}\n    input: ${show(input)}`);
  else failures.push(what);
};

const OPTIONS: ParseOptions[] = [
  {},
  { protocolVersion: '2025-06-18' },
  { protocolVersion: '2025-11-25' },
  { protocolVersion: '2026-07-28' },
  { modes: {} },
  { modes: { url: {} } },
  { modes: ['form'] },
  { protocolVersion: '2025-11-25', modes: { form: {}, url: {} } },
];

/** Values JSON cannot carry: the parser must survive them too. */
const hostile = (random: Random): unknown => {
  const cases = [
    () =>
      Object.defineProperty({ mode: 'form' }, 'message', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      }),
    () =>
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('proxy');
          },
        },
      ),
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
    () => {
      const a: Record<string, unknown> = { message: 'm' };
      a['requestedSchema'] = a;
      return a;
    },
    () => ({
      message: 'm',
      requestedSchema: { type: 'object', properties: { a: { type: 'integer', default: BigInt(random.int(0, 9)) } } },
    }),
    () => ({ toJSON: () => ({ message: 'm', requestedSchema: { type: 'object', properties: {} } }) }),
    () => ({ message: 'm'.repeat(random.int(1, 1_000_000)), requestedSchema: { type: 'object', properties: {} } }),
    () => {
      const depth = random.int(1000, 20_000);
      return { message: 'm', requestedSchema: JSON.parse('['.repeat(depth) + ']'.repeat(depth)) };
    },
  ];
  try {
    return random.pick(cases)();
  } catch {
    return undefined;
  }
};

const started = Date.now();
const fixtures = loadFixtures();
const tally = { accepted: 0, rejected: 0 };
for (let run = 0; run < runs; run++) {
  const random = createRandom(seed + run);
  const kind = random.int(0, 19);
  const params =
    kind === 0
      ? hostile(random)
      : kind === 1
        ? mutate({ message: 'm', requestedSchema: { type: 'object', properties: {} } }, random, random.int(1, 8))
        : mutate(random.pick(fixtures).params, random, random.int(1, 3));
  const options = random.pick(OPTIONS);
  const result = checkRequest(params, options);
  tally[result.accepted ? 'accepted' : 'rejected']++;
  if (result.error)
    fail(`request #${run} (seed ${seed + run}, options ${JSON.stringify(options)})`, result.error, params);
}
console.log(
  `requests: ${runs} (${tally.accepted} accepted, ${tally.rejected} rejected) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const contentStarted = Date.now();
let compared = 0;
let contentAccepted = 0;
const samples = fc.sample(
  restrictedSchema.chain((schema) =>
    fc.tuple(fc.constant(schema), fc.array(contentFor(schema), { minLength: 20, maxLength: 20 })),
  ),
  { seed, numRuns: Math.ceil(pairs / 10) },
);
for (const [schema, contents] of samples) {
  for (const content of contents) {
    if (compared >= pairs) break;
    const verdict = compareContent(schema, content);
    if (verdict === 'skip') break;
    compared++;
    const open = compareContent(schema, content, true);
    if (verdict !== 'agree') fail('content differential', verdict, { schema, content });
    else if (open !== 'agree') fail('content differential', open, { schema, content });
    else if (validateContent(schema, content).ok) contentAccepted++;
  }
  if (compared >= pairs) break;
}
console.log(
  `content pairs: ${compared} compared with ajv (${contentAccepted} valid) in ${((Date.now() - contentStarted) / 1000).toFixed(1)} s`,
);
if (compared < pairs) fail('content differential', `only ${compared} pairs compared`, null);

const schemaStarted = Date.now();
const schemas = fc.sample(restrictedSchema, { seed: seed + 1, numRuns: 20_000 });
schemas.forEach((schema, index) => {
  const candidate = mutate(schema, createRandom(seed + index), index % 4);
  const verdict = compareSchema(candidate);
  if (verdict !== 'agree') fail(`schema #${index}`, verdict, candidate);
});
console.log(
  `schemas: ${schemas.length} compared with the official schema + policies in ${((Date.now() - schemaStarted) / 1000).toFixed(1)} s`,
);

if (failures.length) {
  console.error(`\n${failures.length} failure(s):\n  ${failures.slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
console.log('✓ fuzz: no failures');
