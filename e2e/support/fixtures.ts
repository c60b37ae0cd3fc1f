// The spec examples the suite renders (the repository's copy in fixtures/examples, see fixtures/README.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The `params` of one example, e.g. `fixtureParams('form-12-kitchen-sink-all-variants')`. */
export function fixtureParams(name: string): unknown {
  const file = join(import.meta.dirname, '..', '..', 'fixtures', 'examples', `${name}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { params: unknown }).params;
}
