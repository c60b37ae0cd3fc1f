// Defining a question checks it: the restricted schema (errors name the property and keyword), the secret detector
// (refused with a pointer to URL mode, unless reviewed with allowSensitive), and the kit's own rules.
import { describe, expect, it } from 'vitest';
import { ElicitationDefinitionError, formQuestion, urlQuestion } from './index.js';
import type { UrlFlows } from './index.js';
import { EXPORT_OPTIONS_SCHEMA } from '../examples/export-tool.js';

/** The error a definition throws (the test fails when it does not throw one). */
function definitionError(define: () => unknown): ElicitationDefinitionError {
  try {
    define();
  } catch (error) {
    if (error instanceof ElicitationDefinitionError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected an ElicitationDefinitionError');
}

const FLOWS: UrlFlows = {
  start: () => ({ id: 'f', url: 'https://example.com/f', completed: false }),
  get: () => undefined,
  waitFor: () => Promise.resolve(),
  onComplete: () => undefined,
};

describe('formQuestion', () => {
  it('accepts the guide’s export form and keeps core’s normalized copy for the wire', () => {
    const question = formQuestion({
      message: 'How should the export be produced?',
      requestedSchema: EXPORT_OPTIONS_SCHEMA,
    });
    expect(question.mode).toBe('form');
    expect(question.requestedSchema).toEqual(EXPORT_OPTIONS_SCHEMA);
    expect(question.requestedSchema).not.toBe(EXPORT_OPTIONS_SCHEMA);
    expect(question.properties).toEqual(['format', 'maxRows', 'includeHeaders']);
    expect(question.required).toEqual(['format', 'maxRows']);
    expect(question.validate?.({ format: 'csv', maxRows: 10 })).toEqual({
      ok: true,
      content: { format: 'csv', maxRows: 10 },
    });
  });

  it.each([
    [{ country: { type: 'string', $ref: '#/$defs/country' } }, 'country', '$ref', 'ref'],
    [{ address: { type: 'object' } }, 'address', 'type', 'nested-object'],
    [{ n: { type: 'integer', minimum: 'one' } }, 'n', 'minimum', 'bound-invalid'],
    [{ n: { type: 'integer', default: 'x' } }, 'n', 'default', 'default-type'],
  ])(
    'refuses %j outside the restricted schema, naming the property and keyword',
    (properties, property, keyword, reason) => {
      const error = definitionError(() =>
        formQuestion({ message: 'Ask', requestedSchema: { type: 'object', properties } as never }),
      );
      expect(error.problem).toBe('schema');
      expect(error.property).toBe(property);
      expect(error.keyword).toBe(keyword);
      expect(error.error).toMatchObject({ code: -32602, data: { reason } });
      expect(error.message).toContain(`property "${property}", keyword "${keyword}"`);
    },
  );

  it('refuses a keyword the client would ignore (a warning of core) instead of sending it', () => {
    const error = definitionError(() =>
      formQuestion({
        message: 'Ask',
        requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]+$' } } },
      }),
    );
    expect(error).toMatchObject({ problem: 'schema', property: 'code', keyword: 'pattern' });
    expect(error.message).toContain('ignored-keyword');
  });

  it.each([
    ['password', { type: 'string', title: 'Password' }],
    ['apiKey', { type: 'string', title: 'API key' }],
    ['value', { type: 'string', title: 'Configuration value', description: 'Paste your secret key' }],
    ['cvv', { type: 'string', title: 'CVV' }],
  ])('refuses the secret-looking field %s and says to use URL mode', (name, property) => {
    const error = definitionError(() =>
      formQuestion({ message: 'Ask', requestedSchema: { type: 'object', properties: { [name]: property } } }),
    );
    expect(error.problem).toBe('sensitive');
    expect(error.property).toBe(name);
    expect(error.message).toContain('use URL mode');
    expect(error.message).toContain('allowSensitive');
  });

  it('accepts a reviewed field listed in allowSensitive, and only that one', () => {
    const schema = {
      type: 'object',
      properties: { apiKey: { type: 'string', title: 'API key' }, password: { type: 'string' } },
    } as const;
    expect(() => formQuestion({ message: 'Ask', requestedSchema: schema, allowSensitive: ['apiKey'] })).toThrow(
      /property "password"/,
    );
    expect(
      formQuestion({ message: 'Ask', requestedSchema: schema, allowSensitive: ['apiKey', 'password'] }).properties,
    ).toEqual(['apiKey', 'password']);
  });

  it('refuses an allowSensitive entry that names no property (a typo would hide a real secret)', () => {
    const error = definitionError(() =>
      formQuestion({
        message: 'Ask',
        requestedSchema: { type: 'object', properties: { apiKey: { type: 'string' } } },
        allowSensitive: ['apikey' as 'apiKey'],
      }),
    );
    expect(error).toMatchObject({ problem: 'definition', property: 'apikey' });
  });

  it('leaves ordinary fields alone (username, email, max tokens)', () => {
    const question = formQuestion({
      message: 'Ask',
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string' },
          email: { type: 'string', format: 'email' },
          maxTokens: { type: 'integer', title: 'Max tokens' },
        },
      },
    });
    expect(question.properties).toEqual(['username', 'email', 'maxTokens']);
  });

  it('refuses an empty message', () => {
    expect(definitionError(() => formQuestion({ message: '', requestedSchema: EXPORT_OPTIONS_SCHEMA })).problem).toBe(
      'definition',
    );
  });

  it('keeps an unchecked schema as given, with no validator (a fixture for clients)', () => {
    const schema = { type: 'object', properties: { country: { type: 'string', $ref: '#/x' } } } as const;
    const question = formQuestion({ message: 'Ask', requestedSchema: schema, uncheckedSchema: true });
    expect(question.requestedSchema).toBe(schema);
    expect(question.validate).toBeUndefined();
  });

  it('names the property of a hostile 100,000-character name without slowing down (linear path matching)', () => {
    const name = 'a.'.repeat(50_000);
    const error = definitionError(() =>
      formQuestion({ message: 'Ask', requestedSchema: { type: 'object', properties: { [name]: { type: 'object' } } } }),
    );
    expect(error.problem).toBe('schema');
  });
});

describe('urlQuestion', () => {
  it('defaults to the 2025 push style with ten minutes of patience', () => {
    expect(urlQuestion({ message: 'Sign in', flows: FLOWS })).toMatchObject({
      mode: 'url',
      legacy: 'push',
      patienceMs: 600_000,
    });
  });

  it('refuses a non-positive patience and an empty message', () => {
    expect(definitionError(() => urlQuestion({ message: 'Sign in', flows: FLOWS, patienceMs: 0 })).problem).toBe(
      'definition',
    );
    expect(definitionError(() => urlQuestion({ message: '', flows: FLOWS })).problem).toBe('definition');
  });
});
