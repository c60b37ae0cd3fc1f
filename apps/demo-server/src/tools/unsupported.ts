// `unsupported-schema`: a fixture for clients. It asks with a schema outside the restricted schema (a `$ref`
// property), which a kit client refuses with -32602 without showing anything. The kit would refuse to define such a
// question, so it is marked `uncheckedSchema`: an accepted answer could not be checked and never reaches an operation.
import { defineTool, formQuestion } from '@elicitation-kit/server';

/**
 * Deliberately outside the restricted schema: a `$ref` property. The SDK client's own wire check lets it through
 * (its parse drops the unknown key), so it is the kit's handler that refuses it with `-32602`.
 */
export const UNSUPPORTED_SCHEMA = {
  type: 'object',
  properties: {
    country: { type: 'string', title: 'Country', $ref: '#/$defs/country' },
  },
  required: ['country'],
} as const;

export const unsupportedSchema = defineTool({
  name: 'unsupported-schema',
  title: 'Unsupported schema (client refuses)',
  description:
    'Sends a requestedSchema with a $ref property, which the restricted schema forbids. A kit client answers -32602 without showing anything: 2025 sessions get the error back (logged as client-error, tool error names the code); on 2026-07-28 the client’s call fails locally.',
  questions: {
    country: formQuestion({
      message: 'Which country are you in?',
      requestedSchema: UNSUPPORTED_SCHEMA,
      uncheckedSchema: true,
    }),
  },
  // Never reached with content: an accepted answer to an unchecked schema ends the call as `invalid`.
  accept: () => {
    throw new Error('unreachable: an unchecked schema has no accepted content');
  },
});
