// Tool arguments checked by core's contract, served to the SDK as a Standard Schema with a JSON Schema converter.
import { describe, expect, it } from 'vitest';
import { ElicitationDefinitionError, toolArguments } from './index.js';

const SECONDS = toolArguments({
  type: 'object',
  properties: {
    seconds: { type: 'number', minimum: 0, maximum: 30, default: 3 },
    label: { type: 'string', maxLength: 5 },
  },
});

describe('toolArguments', () => {
  it('applies defaults to missing properties and keeps what was given', () => {
    const validate = SECONDS.standard['~standard'].validate;
    expect(validate({})).toEqual({ value: { seconds: 3 } });
    expect(validate(undefined)).toEqual({ value: { seconds: 3 } });
    expect(validate({ seconds: 0, label: 'ok' })).toEqual({ value: { seconds: 0, label: 'ok' } });
  });

  it('reports every broken rule with the property as its path (the SDK prefixes it)', () => {
    const result = SECONDS.standard['~standard'].validate({ seconds: 31, label: 'too long', extra: 1 });
    expect(result).toEqual({
      issues: [
        { message: expect.stringContaining('extra'), path: ['extra'] },
        { message: 'seconds must be at most 30.', path: ['seconds'] },
        { message: expect.stringContaining('5'), path: ['label'] },
      ],
    });
  });

  it('lists core’s normalized schema for tools/list', () => {
    expect(SECONDS.standard['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toEqual(SECONDS.schema);
    expect(SECONDS.standard['~standard'].vendor).toBe('elicitation-kit');
  });

  it('refuses a schema outside the restricted schema when defined', () => {
    expect(() => toolArguments({ type: 'object', properties: { nested: { type: 'object' } } })).toThrow(
      ElicitationDefinitionError,
    );
  });
});
