// The elicitation params the tests send: the guide's export form, and a form core refuses.

/** The guide's export form. */
export const EXPORT_PARAMS = {
  mode: 'form',
  message: 'How should the orders export be produced?',
  requestedSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', title: 'Format', enum: ['csv', 'json'] },
      maxRows: { type: 'integer', title: 'Max rows', minimum: 1, maximum: 10000, default: 1000 },
      includeHeaders: { type: 'boolean', title: 'Include headers', default: true },
    },
    required: ['format', 'maxRows'],
  },
} as const;

/** Outside the restricted schema, but the SDK's own wire check lets it through (it drops the unknown key). */
export const REF_PARAMS = {
  mode: 'form',
  message: 'Which country?',
  requestedSchema: { type: 'object', properties: { country: { type: 'string', $ref: '#/$defs/country' } } },
} as const;
