// A form is sent in the shape the session's protocol revision has. 2025-06-18 has no titled choice (`oneOf`), no
// multiple choice (`type: 'array'`) and defaults on booleans only (core's `revisionFeatures` says so): a titled single
// choice is rewritten as the legacy `enum` + `enumNames` (the same values, the same labels: nothing is lost), and
// what cannot be rewritten without a loss refuses the call, naming the revision and the construct. Later revisions
// get the schema as it was defined.
import type { ElicitRequestedSchema, PrimitiveSchemaDefinition } from '@elicitation-kit/core';
import { isProtocolVersion, revisionFeatures } from './protocol.js';

/**
 * What a form may become on a session whose revision lacks some of its constructs (2025-06-18):
 * - `drop-defaults` (the default): a titled single choice is sent as `enum` + `enumNames`, and the defaults the
 *   revision lacks (on a string, number or choice) are left out: the user sees no pre-filled value, and the answers
 *   accepted are the same (the guide's `export-data` works there). A multiple choice refuses the call.
 * - `lossless`: as `drop-defaults`, but a default the revision lacks refuses the call instead of being left out.
 * - `never`: nothing is rewritten: any construct the revision lacks refuses the call (the tool needs 2025-11-25).
 */
export type DowngradePolicy = 'lossless' | 'drop-defaults' | 'never';

/** A form as one revision can carry it, or the first construct that revision cannot. */
export type SchemaForRevision =
  | { ok: true; schema: ElicitRequestedSchema }
  | { ok: false; property: string; construct: string };

type Property = Record<string, unknown>;

/** The titled options of a single choice (`oneOf: [{ const, title }]`). */
function titledOptions(property: Property): { const: string; title: string }[] | undefined {
  const options = property['oneOf'];
  return Array.isArray(options) ? (options as { const: string; title: string }[]) : undefined;
}

/** `requestedSchema` as protocol revision `revision` carries it (see {@link DowngradePolicy}). */
export function schemaForRevision(
  schema: ElicitRequestedSchema,
  revision: string | undefined,
  policy: DowngradePolicy,
): SchemaForRevision {
  // An unknown revision (a later one, or none negotiated) gets the schema as defined.
  if (!isProtocolVersion(revision)) {
    return { ok: true, schema };
  }
  const features = revisionFeatures(revision);
  if (features.enumVariants && features.typedDefaults) {
    return { ok: true, schema };
  }
  const properties: Record<string, PrimitiveSchemaDefinition> = {};
  for (const [name, definition] of Object.entries(schema.properties)) {
    let property: Property = { ...(definition as unknown as Property) };
    if (!features.enumVariants && property['type'] === 'array') {
      const titled =
        typeof property['items'] === 'object' && property['items'] !== null && 'anyOf' in property['items'];
      return {
        ok: false,
        property: name,
        construct: titled ? 'a titled multiple choice (items.anyOf)' : 'a multiple choice (type array)',
      };
    }
    const options = titledOptions(property);
    if (!features.enumVariants && options !== undefined) {
      if (policy === 'never') {
        return { ok: false, property: name, construct: 'a titled single choice (oneOf)' };
      }
      const { oneOf: _oneOf, ...rest } = property;
      void _oneOf;
      property = { ...rest, enum: options.map((option) => option.const), enumNames: options.map((o) => o.title) };
    }
    if (!features.typedDefaults && property['type'] !== 'boolean' && property['default'] !== undefined) {
      if (policy !== 'drop-defaults') {
        return { ok: false, property: name, construct: `a default on a ${String(property['type'])} property` };
      }
      const { default: _default, ...rest } = property;
      void _default;
      property = rest;
    }
    properties[name] = property as unknown as PrimitiveSchemaDefinition;
  }
  // `$schema` is not part of 2025-06-18's form type; the dialect changes nothing a client checks.
  const { $schema: _dialect, ...rest } = schema;
  void _dialect;
  return { ok: true, schema: { ...rest, properties } };
}

/** The words of a refusal: which revision, which field, which construct, and what would work. */
export function revisionRefusalText(tool: string, revision: string, property: string, construct: string): string {
  return `The tool ${tool} cannot ask its question on protocol revision ${revision}: the field '${property}' uses ${construct}, which ${revision} does not have. Nothing was asked and nothing was done; a client on protocol revision 2025-11-25 or later can answer it.`;
}
