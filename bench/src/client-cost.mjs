// 1. Per-request client cost: what it takes to get from a received schema to a validated answer, with the kit
// (parseElicitation, which checks and describes the schema, then validateValues) and with the validators a host would
// pick instead:
//  - ajv 8 (Ajv2020 + ajv-formats), for a host without a strict CSP: compile then validate when the schema is new,
//    and, when the same schema comes again, a compiled validator from the host's cache (keyed by the schema's JSON);
//  - @cfworker/json-schema, for a host under a strict CSP (no `unsafe-eval`: ajv cannot compile there at all): an
//    interpreting validator, a `Validator` per schema, kept in the same kind of cache when the schema repeats.
// Two workloads: every request with a schema no cache has seen (fresh), and the same schema every time (repeated, each
// request still a fresh object off the wire). Then warm validation of one value set: the client's (validateValues)
// and the server's (a validator from createContentValidator), each against a compiled ajv validator and a kept
// @cfworker Validator, on a full answer and on a sparse one (only the defaults: what a user who accepts at once sends).
import { Validator } from '@cfworker/json-schema';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { clone, exportParams, exportValues, kitchenSinkParams, kitchenSinkValues } from './forms.mjs';
import { compare } from './stats.mjs';

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;

/** The baseline validator instance, created once per process as a host would (allErrors: the kit reports every issue). */
function createAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/** An interpreting validator for one schema: draft 2020-12, every error (shortCircuit off, as ajv's allErrors). */
const cfworker = (schema) => new Validator(schema, '2020-12', false);

/**
 * A host's schema cache: one validator per distinct schema, keyed by its JSON (each request is a new object off the
 * wire, so identity cannot be the key; ajv itself caches by identity only). `make` builds a validator on a miss.
 */
function schemaCache(make) {
  const cache = new Map();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validator = cache.get(key);
    if (validator === undefined) {
      validator = make(schema);
      cache.set(key, validator);
    }
    return validator;
  };
}

const cases = [
  {
    key: 'kitchenSink',
    label: 'kitchen sink (13 fields, every variant)',
    params: kitchenSinkParams,
    values: kitchenSinkValues,
  },
  { key: 'exportSchema', label: 'export schema (3 fields)', params: exportParams, values: exportValues },
];

/**
 * The last checked copy, kept as a server keeps it: an unread result would let the engine's escape analysis skip
 * building the copy inside the timed loop, and the kit would be timed doing less than a server asks of it.
 */
let kept;

/** A comparison as results.json keeps it: each side's µs/op and the ratio baseline ÷ kit, each as min/median/max. */
const row = ({ subjectUs, baselineUs, ratio, runs }) => ({ coreUs: subjectUs, baselineUs, ratio, runs });

/**
 * Runs the client-cost measurement. `core` is the imported @elicitation-kit/core module.
 * `scale` shrinks batch sizes (budgets/quick runs use < 1).
 */
export function measureClientCost(core, { runs = 15, scale = 1 } = {}) {
  const ajv = createAjv();
  const results = {};
  for (const { key, label, params, values } of cases) {
    // Sanity: every side accepts the value set, so each does the full work of a valid answer.
    const parsed = core.parseElicitation(clone(params));
    if (!parsed.ok) throw new Error(`core rejected the ${key} request: ${parsed.error.message}`);
    const fields = parsed.request.fields;
    const coreIssues = core.validateValues(fields, values);
    const validate = ajv.compile(clone(params.requestedSchema));
    const interpreter = cfworker(clone(params.requestedSchema));
    const interpreted = interpreter.validate(values);
    if (coreIssues.length > 0 || !validate(values) || !interpreted.valid) {
      throw new Error(
        `the ${key} value set is not valid: core ${JSON.stringify(coreIssues)}, ajv ${JSON.stringify(validate.errors)}, @cfworker ${JSON.stringify(interpreted.errors)}`,
      );
    }
    // …and each rejects a value the schema forbids (an interpreter that skipped formats would be timed doing less).
    const bad = { ...values, [fields[0].name]: 42 };
    if (core.validateValues(fields, bad).length === 0 || validate(bad) || interpreter.validate(bad).valid)
      throw new Error(`a side accepted an invalid ${key} value set`);

    const coreBatch = Math.max(20, Math.round(400 * scale));
    const ajvBatch = Math.max(3, Math.round(20 * scale));
    /** The kit per request: a fresh request off the wire, parsed and described, then the values checked. */
    const kit = {
      size: coreBatch,
      prepare: (n) => Array.from({ length: n }, () => clone(params)),
      run: (inputs) => {
        for (const input of inputs) {
          const result = core.parseElicitation(input);
          if (!result.ok || core.validateValues(result.request.fields, values).length !== 0)
            throw new Error('core failed');
        }
      },
    };
    const freshSchemas = (n) => Array.from({ length: n }, () => clone(params.requestedSchema));
    /** Each schema through `get` (a validator for it), then the values: ajv's and @cfworker's result shapes both. */
    const validating = (get) => (schemas) => {
      for (const schema of schemas) {
        const validator = get(schema);
        const ok = typeof validator === 'function' ? validator(values) : validator.validate(values).valid;
        if (!ok) throw new Error('baseline failed');
      }
    };

    // Fresh schemas: ajv compiles each (a cache of any kind misses on a schema it has not seen; ajv's own cache is by
    // object, so each copy is new to it), @cfworker builds a Validator for each.
    const freshAjv = compare(
      kit,
      {
        size: ajvBatch,
        prepare: freshSchemas,
        run: validating((schema) => ajv.compile(schema)),
        // Compiled schemas are cached by object; drop them so the cache does not grow across batches.
        cleanup: (schemas) => {
          for (const schema of schemas) ajv.removeSchema(schema);
        },
      },
      { runs },
    );
    const freshCfworker = compare(kit, { size: coreBatch, prepare: freshSchemas, run: validating(cfworker) }, { runs });

    // The same schema every request: the host's cache hits (filled before the clock), the kit does what it always does.
    const cachedAjv = schemaCache((schema) => ajv.compile(schema));
    const cachedCfworker = schemaCache(cfworker);
    validating(cachedAjv)([clone(params.requestedSchema)]);
    validating(cachedCfworker)([clone(params.requestedSchema)]);
    const repeatedAjv = compare(kit, { size: coreBatch, prepare: freshSchemas, run: validating(cachedAjv) }, { runs });
    const repeatedCfworker = compare(
      kit,
      { size: coreBatch, prepare: freshSchemas, run: validating(cachedCfworker) },
      { runs },
    );

    const warmBatch = Math.max(200, Math.round(5000 * scale));
    /** Warm: `check(answer)` n times, each must pass. */
    const repeat = (check) => ({
      size: warmBatch,
      run: (_, n) => {
        for (let i = 0; i < n; i++) if (!check()) throw new Error('warm check failed');
      },
    });
    const warmKit = repeat(() => core.validateValues(fields, values).length === 0);
    const warmAjv = compare(
      warmKit,
      repeat(() => validate(values)),
      { runs },
    );
    const warmCfworker = compare(
      warmKit,
      repeat(() => interpreter.validate(values).valid),
      { runs },
    );

    // The server's warm re-check: one validator per schema, created once (as a tool definition would), checking content.
    const checkContent = core.createContentValidator(clone(params.requestedSchema));
    const content = core.toContent(fields, values);
    if (!checkContent(content).ok || !validate(content) || !interpreter.validate(content).valid)
      throw new Error(`the ${key} content is not valid`);
    /** The warm re-check of one answer: the kit's validator against the compiled ajv validator and @cfworker's. */
    const compareServer = (answer) => {
      const kitCheck = repeat(() => {
        const result = checkContent(answer);
        kept = result.content;
        return result.ok;
      });
      return {
        ajv: row(
          compare(
            kitCheck,
            repeat(() => validate(answer)),
            { runs },
          ),
        ),
        cfworker: row(
          compare(
            kitCheck,
            repeat(() => interpreter.validate(answer).valid),
            { runs },
          ),
        ),
      };
    };
    const server = compareServer(content);

    // The same warm re-check on a sparse answer: only the defaults, as `toContent(fields, initialValues(fields))`
    // sends when the user accepts at once. The validators check the few keys present; the kit's fixed per-call costs
    // show here. (Only where the defaults make a valid answer: the export schema requires a field without a default.)
    const sparse = core.toContent(fields, core.initialValues(fields));
    const sparseValid = checkContent(sparse).ok;
    if (sparseValid !== validate(sparse) || sparseValid !== interpreter.validate(sparse).valid)
      throw new Error(`core and a baseline disagree on the sparse ${key} content`);

    results[key] = {
      label,
      fields: fields.length,
      cold: {
        fresh: { ajv: row(freshAjv), cfworker: row(freshCfworker) },
        repeated: { ajvCached: row(repeatedAjv), cfworkerCached: row(repeatedCfworker) },
      },
      warm: { ajv: row(warmAjv), cfworker: row(warmCfworker) },
      server,
      ...(sparseValid && { serverSparse: { keys: Object.keys(sparse).length, ...compareServer(sparse) } }),
    };
  }
  if (kept === undefined) throw new Error('no checked copy was kept');
  return results;
}
