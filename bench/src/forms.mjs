// The schemas and value sets every measurement uses: the spec fixtures (generated forms of any size are built by
// generate.mjs, cycling through the kitchen-sink fixture's 13 variants).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function readJson(path) {
  return JSON.parse(readFileSync(join(root, path), 'utf8'));
}

const KITCHEN_SINK_PATH = 'fixtures/examples/form-12-kitchen-sink-all-variants.json';
const EXPORT_PATH = 'fixtures/examples/2026-07-28/02-input-required-result-form-and-url.json';

/** `elicitation/create` params of the kitchen-sink fixture (all 13 variants, `$schema` 2020-12). */
export const kitchenSinkParams = readJson(KITCHEN_SINK_PATH).params;

/** Params of the guide's `export_options` request (the demo server's `export-data` tool asks the same). */
export const exportParams = readJson(EXPORT_PATH).result.inputRequests.export_options.params;

export { exportValues, kitchenSinkValues } from './values.mjs';

/** Deep copy through JSON (the shape a request has after `JSON.parse` off the wire). */
export function clone(value) {
  return JSON.parse(JSON.stringify(value));
}
