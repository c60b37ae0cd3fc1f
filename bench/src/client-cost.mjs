// 1. Per-request client cost: what it takes to get from a freshly received schema to a validated answer, with the kit
// (parseElicitation, which checks and describes the schema, then validateValues) and with the baseline a host would pick
// instead (ajv 8: Ajv2020 + ajv-formats, compile then validate). Then warm validation of one value set: the client's
// (validateValues) and the server's (a validator from createContentValidator), each against a compiled ajv validator,
// on a full answer and on a sparse one (only the defaults filled in: what a user who accepts at once sends).
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

/**
 * Runs the client-cost measurement. `core` is the imported @elicitation-kit/core module.
 * `scale` shrinks batch sizes (budgets/quick runs use < 1).
 */
export function measureClientCost(core, { runs = 15, scale = 1 } = {}) {
  const ajv = createAjv();
  const results = {};
  for (const { key, label, params, values } of cases) {
    // Sanity: both sides accept the value set, so both do the full work of a valid answer.
    const parsed = core.parseElicitation(clone(params));
    if (!parsed.ok) throw new Error(`core rejected the ${key} request: ${parsed.error.message}`);
    const fields = parsed.request.fields;
    const coreIssues = core.validateValues(fields, values);
    const validate = ajv.compile(clone(params.requestedSchema));
    const ajvValid = validate(values);
    if (coreIssues.length > 0 || !ajvValid) {
      throw new Error(
        `the ${key} value set is not valid: core ${JSON.stringify(coreIssues)}, ajv ${JSON.stringify(validate.errors)}`,
      );
    }

    const coreBatch = Math.max(20, Math.round(400 * scale));
    const ajvBatch = Math.max(3, Math.round(20 * scale));
    const cold = compare(
      {
        size: coreBatch,
        prepare: (n) => Array.from({ length: n }, () => clone(params)),
        run: (inputs) => {
          for (const input of inputs) {
            const result = core.parseElicitation(input);
            if (!result.ok || core.validateValues(result.request.fields, values).length !== 0)
              throw new Error('core failed');
          }
        },
      },
      {
        size: ajvBatch,
        prepare: (n) => Array.from({ length: n }, () => clone(params.requestedSchema)),
        run: (inputs) => {
          for (const schema of inputs) {
            if (!ajv.compile(schema)(values)) throw new Error('ajv failed');
          }
        },
        // Compiled schemas are cached by object; drop them so the cache does not grow across batches.
        cleanup: (inputs) => {
          for (const schema of inputs) ajv.removeSchema(schema);
        },
      },
      { runs },
    );

    const warmBatch = Math.max(200, Math.round(5000 * scale));
    const warm = compare(
      {
        size: warmBatch,
        run: (_, n) => {
          for (let i = 0; i < n; i++)
            if (core.validateValues(fields, values).length !== 0) throw new Error('core failed');
        },
      },
      {
        size: warmBatch,
        run: (_, n) => {
          for (let i = 0; i < n; i++) if (!validate(values)) throw new Error('ajv failed');
        },
      },
      { runs },
    );

    // The server's warm re-check: one validator per schema, created once (as a tool definition would), checking content.
    const checkContent = core.createContentValidator(clone(params.requestedSchema));
    const content = core.toContent(fields, values);
    if (!checkContent(content).ok || !validate(content)) throw new Error(`the ${key} content is not valid`);
    /** The warm re-check of one answer: the kit's validator against the compiled ajv validator. */
    const compareServer = (answer) =>
      compare(
        {
          size: warmBatch,
          run: (_, n) => {
            for (let i = 0; i < n; i++) {
              const result = checkContent(answer);
              if (!result.ok) throw new Error('core failed');
              kept = result.content;
            }
          },
        },
        {
          size: warmBatch,
          run: (_, n) => {
            for (let i = 0; i < n; i++) if (!validate(answer)) throw new Error('ajv failed');
          },
        },
        { runs },
      );
    const server = compareServer(content);

    // The same warm re-check on a sparse answer: only the defaults, as `toContent(fields, initialValues(fields))`
    // sends when the user accepts at once. ajv checks the few keys present; the kit's fixed per-call costs show here.
    // (Only where the defaults make a valid answer: the export schema requires a field without a default.)
    const sparse = core.toContent(fields, core.initialValues(fields));
    const sparseValid = checkContent(sparse).ok;
    if (sparseValid !== validate(sparse)) throw new Error(`core and ajv disagree on the sparse ${key} content`);
    const serverSparse = sparseValid ? compareServer(sparse) : undefined;

    results[key] = {
      label,
      fields: fields.length,
      cold: {
        coreUs: cold.subjectUs,
        ajvUs: cold.baselineUs,
        ajvOverCore: cold.ratio,
        runs: cold.runs,
        target: '≥ 100×',
      },
      // For warm validation the interesting figure is how much slower core is: core ÷ ajv, target ≤ 2.
      warm: {
        coreUs: warm.subjectUs,
        ajvUs: warm.baselineUs,
        coreOverAjv: 1 / warm.ratio,
        runs: warm.runs,
        target: '≤ 2×',
      },
      // The server's warm check (createContentValidator): core ÷ compiled ajv, target ≤ 3.
      server: {
        coreUs: server.subjectUs,
        ajvUs: server.baselineUs,
        coreOverAjv: 1 / server.ratio,
        runs: server.runs,
        target: '≤ 3×',
      },
      // The same on the sparse answer (the defaults only): target ≤ 3 on the kitchen sink too.
      ...(serverSparse && {
        serverSparse: {
          keys: Object.keys(sparse).length,
          coreUs: serverSparse.subjectUs,
          ajvUs: serverSparse.baselineUs,
          coreOverAjv: 1 / serverSparse.ratio,
          runs: serverSparse.runs,
          target: '≤ 3×',
        },
      }),
    };
  }
  if (kept === undefined) throw new Error('no checked copy was kept');
  return results;
}
