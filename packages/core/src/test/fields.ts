// Field descriptors of a schema a test knows to be valid: the parser's own `fields` (what a request carries), thrown
// on when it is not (a test's mistake, not a case under test).
import { parseRequestedSchema } from '../parse.js';
import type { FieldDescriptor } from '../types.js';

export function fieldsOf(schema: unknown): FieldDescriptor[] {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) {
    throw new TypeError(`fieldsOf: ${parsed.error.message}`);
  }
  return parsed.fields;
}
