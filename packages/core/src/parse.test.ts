import { describe, expect, it } from 'vitest';
import {
  INVALID_PARAMS,
  parseElicitation,
  parseRequestedSchema,
  type ParseOptions,
  type ParsedFormElicitation,
} from './index.js';
import { fieldsOf } from './test/fields.js';

const form = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  message: 'Tell us',
  requestedSchema: { type: 'object', properties, ...extra },
});

const rejection = (params: unknown, options?: ParseOptions) => {
  const result = parseElicitation(params, options);
  return result.ok ? 'accepted' : `${result.error.data.reason} @ ${result.error.data.path}`;
};

const urlParams = (url: string) => ({ mode: 'url', message: 'Open', url });

const parsedForm = (params: unknown, options?: ParseOptions): ParsedFormElicitation => {
  const result = parseElicitation(params, options);
  if (!result.ok) throw new Error(result.error.message);
  if (result.request.mode !== 'form') throw new Error('not a form');
  return result.request;
};

describe('parseElicitation', () => {
  describe('rejects with -32602 naming the property and keyword', () => {
    it.each([
      [
        'a nested object',
        { a: { type: 'object', properties: {} } },
        'nested-object @ requestedSchema.properties.a.type',
      ],
      [
        'an array of objects',
        { a: { type: 'array', items: { type: 'object' } } },
        'unsupported-array @ requestedSchema.properties.a.items.type',
      ],
      [
        'an array of free strings',
        { a: { type: 'array', items: { type: 'string' } } },
        'unsupported-array @ requestedSchema.properties.a.items',
      ],
      ['an array without items', { a: { type: 'array' } }, 'unsupported-array @ requestedSchema.properties.a.items'],
      [
        'items.oneOf (SEP draft)',
        { a: { type: 'array', items: { oneOf: [{ const: 'x', title: 'X' }] } } },
        'composition @ requestedSchema.properties.a.items.oneOf',
      ],
      ['a $ref property', { a: { $ref: '#/$defs/A' } }, 'ref @ requestedSchema.properties.a.$ref'],
      ['$ref next to a type', { a: { type: 'string', $ref: '#/x' } }, 'ref @ requestedSchema.properties.a.$ref'],
      ['allOf on a property', { a: { type: 'string', allOf: [] } }, 'composition @ requestedSchema.properties.a.allOf'],
      [
        'anyOf on a property',
        { a: { anyOf: [{ type: 'string' }] } },
        'composition @ requestedSchema.properties.a.anyOf',
      ],
      ['not on a property', { a: { type: 'string', not: {} } }, 'composition @ requestedSchema.properties.a.not'],
      ['if on a property', { a: { type: 'string', if: {} } }, 'composition @ requestedSchema.properties.a.if'],
      [
        'oneOf on a number',
        { a: { type: 'number', oneOf: [{ const: 1, title: 'One' }] } },
        'composition @ requestedSchema.properties.a.oneOf',
      ],
      [
        'numeric enum values',
        { a: { type: 'string', enum: ['x', 1] } },
        'enum-not-string @ requestedSchema.properties.a.enum.1',
      ],
      [
        'an enum on an integer',
        { a: { type: 'integer', enum: [1, 2] } },
        'enum-not-string @ requestedSchema.properties.a.enum',
      ],
      ['an empty enum', { a: { type: 'string', enum: [] } }, 'options-invalid @ requestedSchema.properties.a.enum'],
      [
        'duplicate options',
        { a: { type: 'string', enum: ['x', 'x'] } },
        'options-invalid @ requestedSchema.properties.a.enum',
      ],
      [
        'an untitled oneOf option',
        { a: { type: 'string', oneOf: [{ const: 'x' }] } },
        'options-invalid @ requestedSchema.properties.a.oneOf.0',
      ],
      [
        'an unknown format',
        { a: { type: 'string', format: 'color' } },
        'unknown-format @ requestedSchema.properties.a.format',
      ],
      [
        'a non-string format',
        { a: { type: 'string', format: ['email'] } },
        'unknown-format @ requestedSchema.properties.a.format',
      ],
      [
        'a wrong-type default',
        { a: { type: 'integer', default: '3' } },
        'default-type @ requestedSchema.properties.a.default',
      ],
      [
        'a multi-select default that is not a list',
        { a: { type: 'array', items: { type: 'string', enum: ['x'] }, default: 'x' } },
        'default-type @ requestedSchema.properties.a.default',
      ],
      ['a null type', { a: { type: 'null' } }, 'unsupported-type @ requestedSchema.properties.a.type'],
      ['a type union', { a: { type: ['string', 'null'] } }, 'unsupported-type @ requestedSchema.properties.a.type'],
      ['a property without a type', { a: { title: 'A' } }, 'unsupported-type @ requestedSchema.properties.a.type'],
      ['a property that is not an object', { a: true }, 'wrong-type @ requestedSchema.properties.a'],
      ['a non-string title', { a: { type: 'string', title: 5 } }, 'wrong-type @ requestedSchema.properties.a.title'],
      [
        'a negative minLength',
        { a: { type: 'string', minLength: -1 } },
        'bound-invalid @ requestedSchema.properties.a.minLength',
      ],
      [
        'a fractional maxItems',
        { a: { type: 'array', items: { type: 'string', enum: ['x'] }, maxItems: 1.5 } },
        'bound-invalid @ requestedSchema.properties.a.maxItems',
      ],
      [
        'minimum above maximum',
        { a: { type: 'number', minimum: 5, maximum: 1 } },
        'bound-invalid @ requestedSchema.properties.a.maximum',
      ],
      [
        'no integer between the bounds',
        { a: { type: 'integer', minimum: 0.2, maximum: 0.8 } },
        'bound-invalid @ requestedSchema.properties.a.maximum',
      ],
      [
        'a string minimum',
        { a: { type: 'number', minimum: '1' } },
        'bound-invalid @ requestedSchema.properties.a.minimum',
      ],
    ])('%s', (_, properties, expected) => {
      expect(rejection(form(properties))).toBe(expected);
    });

    it.each([
      ['type other than object at the top', { type: 'array', properties: {} }, 'schema-type @ requestedSchema.type'],
      ['a missing top-level type', { properties: {} }, 'schema-type @ requestedSchema.type'],
      ['top-level $defs', { type: 'object', properties: {}, $defs: {} }, 'ref @ requestedSchema.$defs'],
      ['top-level anyOf', { type: 'object', properties: {}, anyOf: [] }, 'composition @ requestedSchema.anyOf'],
      ['missing properties', { type: 'object' }, 'missing @ requestedSchema.properties'],
      ['properties as a list', { type: 'object', properties: [] }, 'wrong-type @ requestedSchema.properties'],
      [
        'required naming a missing property',
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] },
        'required-unknown @ requestedSchema.required.1',
      ],
      [
        'required naming an inherited name',
        { type: 'object', properties: {}, required: ['toString'] },
        'required-unknown @ requestedSchema.required.0',
      ],
      [
        'required that is not a list',
        { type: 'object', properties: {}, required: 'a' },
        'wrong-type @ requestedSchema.required',
      ],
      ['a non-string $schema', { type: 'object', properties: {}, $schema: 1 }, 'wrong-type @ requestedSchema.$schema'],
    ])('%s', (_, requestedSchema, expected) => {
      expect(rejection({ message: 'm', requestedSchema })).toBe(expected);
    });

    it.each([
      ['params that are not an object', 'hello', 'not-object @ '],
      ['params that are a list', [], 'not-object @ '],
      ['a missing message', { requestedSchema: { type: 'object', properties: {} } }, 'missing @ message'],
      [
        'a non-string message',
        { message: 1, requestedSchema: { type: 'object', properties: {} } },
        'wrong-type @ message',
      ],
      ['a missing requestedSchema', { message: 'm' }, 'missing @ requestedSchema'],
      [
        'a requestedSchema that is not an object',
        { message: 'm', requestedSchema: 'x' },
        'wrong-type @ requestedSchema',
      ],
      ['an unknown mode', { mode: 'oauth', message: 'm' }, 'unknown-mode @ mode'],
      [
        'a null mode',
        { mode: null, message: 'm', requestedSchema: { type: 'object', properties: {} } },
        'wrong-type @ mode',
      ],
      ['a URL request without url', { mode: 'url', message: 'm', elicitationId: 'e' }, 'missing @ url'],
    ])('%s', (_, params, expected) => {
      expect(rejection(params)).toBe(expected);
    });

    it.each([
      ['a task that is not an object', { ...form({}), task: 5 }, 'wrong-type @ task'],
      ['a fractional task ttl', { ...form({}), task: { ttl: 1.5 } }, 'wrong-type @ task.ttl'],
      ['a boolean progressToken', { ...form({}), _meta: { progressToken: true } }, 'wrong-type @ _meta.progressToken'],
    ])('%s in the 2025 eras (dropped with a warning when no era is given)', (_, params, expected) => {
      expect(rejection(params, { protocolVersion: '2025-11-25' })).toBe(expected);
      const result = parseElicitation(params);
      expect(result.ok && result.request.warnings.map((warning) => warning.code)).toEqual(['ignored-field']);
    });

    it('answers with a ready-to-send JSON-RPC error', () => {
      const result = parseElicitation(form({ address: { type: 'object' } }));
      expect(result).toEqual({
        ok: false,
        error: {
          code: INVALID_PARAMS,
          message:
            "The field 'address' is an object; elicitation forms allow only flat fields (text, number, yes/no, choices).",
          data: { path: 'requestedSchema.properties.address.type', reason: 'nested-object' },
        },
      });
    });
  });

  describe('tolerates and warns', () => {
    it('renders fields with keywords it does not enforce, and reports each keyword', () => {
      const request = parsedForm(
        form(
          {
            code: { type: 'string', pattern: '^[A-Z]+$', examples: ['AB'], $comment: 'x' },
            n: { type: 'number', multipleOf: 2, exclusiveMinimum: 0 },
          },
          { additionalProperties: false },
        ),
      );
      expect(request.fields.map((field) => field.kind)).toEqual(['text', 'number']);
      expect(request.warnings.map((warning) => `${warning.code} @ ${warning.path}`)).toEqual([
        'ignored-keyword @ requestedSchema.additionalProperties',
        'ignored-keyword @ requestedSchema.properties.code.pattern',
        'ignored-keyword @ requestedSchema.properties.code.examples',
        'ignored-keyword @ requestedSchema.properties.code.$comment',
        'ignored-keyword @ requestedSchema.properties.n.multipleOf',
        'ignored-keyword @ requestedSchema.properties.n.exclusiveMinimum',
      ]);
    });

    it.each([
      ['out of range', { type: 'integer', minimum: 1, maximum: 10, default: 11 }],
      ['fractional for an integer', { type: 'integer', default: 1.5 }],
      ['not an option', { type: 'string', enum: ['a', 'b'], default: 'c' }],
      ['too long', { type: 'string', maxLength: 2, default: 'abc' }],
      ['not an email', { type: 'string', format: 'email', default: 'nope' }],
      ['a date-time without offset', { type: 'string', format: 'date-time', default: '2025-12-01T09:00:00' }],
      [
        'too many items',
        { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 1, default: ['a', 'b'] },
      ],
      ['duplicate items', { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a', 'a'] }],
    ])('does not pre-fill a default that is %s', (_, property) => {
      const request = parsedForm(form({ f: property }));
      expect(request.fields[0]).not.toHaveProperty('default');
      expect(request.warnings).toEqual([
        expect.objectContaining({ code: 'default-invalid', path: 'requestedSchema.properties.f.default' }),
      ]);
    });

    it('labels a titled option with an empty title by its value', () => {
      const request = parsedForm(form({ f: { type: 'string', oneOf: [{ const: 'a', title: '' }] } }));
      expect(request.fields[0]).toMatchObject({ options: [{ value: 'a', label: 'a' }] });
    });

    it('shows raw enum values when enumNames does not match', () => {
      const request = parsedForm(form({ f: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] } }));
      expect(request.fields[0]).toMatchObject({
        options: [
          { value: 'a', label: 'a' },
          { value: 'b', label: 'b' },
        ],
      });
      expect(request.warnings[0]).toMatchObject({ code: 'enum-names-mismatch' });
    });
  });

  it('accepts properties: {} as a confirmation form', () => {
    const request = parsedForm(form({}));
    expect(request.fields).toEqual([]);
    expect(request.warnings).toEqual([]);
  });

  describe('modes', () => {
    const url = { mode: 'url', message: 'Connect', url: 'https://a.example/x', elicitationId: 'e1' };
    it('treats a missing mode as form', () => {
      expect(parsedForm(form({})).mode).toBe('form');
    });
    it.each([
      [['form'] as const, 'url', false],
      [['url'] as const, 'form', false],
      [{}, 'url', false],
      [{}, 'form', true],
      [{ applyDefaults: true }, 'form', true],
      [{ form: {} }, 'url', false],
      [{ url: {} }, 'url', true],
      [{ url: {} }, 'form', false],
      [{ form: {}, url: {} }, 'url', true],
      [['form', 'url'] as const, 'url', true],
    ])('with modes %j a %s request is accepted: %s', (modes, mode, accepted) => {
      const params = mode === 'url' ? url : form({});
      expect(rejection(params, { modes })).toBe(accepted ? 'accepted' : 'mode-not-declared @ mode');
    });
  });

  describe('eras', () => {
    const url = { mode: 'url', message: 'Connect', url: 'https://a.example/x' };
    it('2025-06-18 accepts only forms with the 06-18 variants', () => {
      expect(rejection({ ...url, elicitationId: 'e' }, { protocolVersion: '2025-06-18' })).toBe(
        'mode-not-in-era @ mode',
      );
      expect(
        rejection(form({ a: { type: 'string', enum: ['x'], enumNames: ['X'] } }), { protocolVersion: '2025-06-18' }),
      ).toBe('accepted');
      expect(
        rejection(form({ a: { type: 'array', items: { type: 'string', enum: ['x'] } } }), {
          protocolVersion: '2025-06-18',
        }),
      ).toBe('variant-not-in-era @ requestedSchema.properties.a.type');
    });
    it('2025-11-25 requires elicitationId on URL requests', () => {
      expect(rejection(url, { protocolVersion: '2025-11-25' })).toBe('missing @ elicitationId');
      const result = parseElicitation({ ...url, elicitationId: 'e1' }, { protocolVersion: '2025-11-25' });
      expect(result.ok && result.request).toMatchObject({ mode: 'url', elicitationId: 'e1' });
    });
    it('2026-07-28 needs no elicitationId and ignores a stray one, task and _meta, with warnings', () => {
      const result = parseElicitation(
        { ...url, elicitationId: 7, task: 'x', _meta: 1 },
        { protocolVersion: '2026-07-28' },
      );
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.request).not.toHaveProperty('elicitationId');
      expect(result.request).not.toHaveProperty('task');
      expect(result.request.warnings.map((warning) => `${warning.code} @ ${warning.path}`)).toEqual([
        'ignored-field @ task',
        'ignored-field @ _meta',
        'ignored-field @ elicitationId',
      ]);
    });
    it('keeps task and _meta in the 2025 eras', () => {
      const request = parsedForm(
        { ...form({}), task: { ttl: 600000 }, _meta: { progressToken: 'p' } },
        { protocolVersion: '2025-11-25' },
      );
      expect(request).toMatchObject({ task: { ttl: 600000 }, _meta: { progressToken: 'p' } });
    });
    it('without an era accepts either URL shape', () => {
      expect(rejection(url)).toBe('accepted');
      expect(rejection({ ...url, elicitationId: 'e' })).toBe('accepted');
    });
  });

  describe('URL requests', () => {
    it.each([
      ['javascript:alert(1)', 'url-blocked'],
      ['JavaScript:alert(1)', 'url-blocked'],
      ['data:text/html,<script>alert(1)</script>', 'url-blocked'],
      ['file:///etc/passwd', 'url-blocked'],
      ['blob:https://a.example/1', 'url-blocked'],
      ['vbscript:msgbox(1)', 'url-blocked'],
      ['ftp://a.example/', 'url-blocked'],
      ['myapp://callback', 'url-blocked'],
      ['not a url', 'url-invalid'],
      ['https://', 'url-invalid'],
      ['https://a.example/ü', 'url-invalid'],
    ])('rejects %s (%s)', (url, reason) => {
      expect(rejection(urlParams(url))).toBe(`${reason} @ url`);
    });
    it('accepts plain http on a non-loopback host but does not let it open', () => {
      const result = parseElicitation(urlParams('http://a.example/'));
      expect(result.ok && result.request.mode === 'url' && result.request.link).toMatchObject({
        canOpen: false,
        host: 'a.example',
        warnings: [expect.objectContaining({ code: 'insecure-http' })],
      });
    });
    it('lets http on loopback open', () => {
      const result = parseElicitation(urlParams('http://localhost:5173/cb'));
      expect(result.ok && result.request.mode === 'url' && result.request.link.canOpen).toBe(true);
    });
  });

  describe('never throws', () => {
    it.each([
      ['undefined', undefined],
      ['null', null],
      ['a BigInt', 1n],
      ['a symbol', Symbol('x')],
      ['a function', () => 1],
      [
        'a throwing getter',
        Object.defineProperty({}, 'message', {
          enumerable: true,
          get: () => {
            throw new Error('boom');
          },
        }),
      ],
      [
        'a throwing proxy',
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error('boom');
            },
          },
        ),
      ],
      [
        'a revoked proxy',
        (() => {
          const { proxy, revoke } = Proxy.revocable({}, {});
          revoke();
          return proxy;
        })(),
      ],
      [
        'a cycle',
        (() => {
          const a: Record<string, unknown> = { message: 'm' };
          a['requestedSchema'] = a;
          return a;
        })(),
      ],
      ['deep nesting', JSON.parse('['.repeat(100_000) + ']'.repeat(100_000))],
    ])('on %s', (_, params) => {
      const result = parseElicitation(params);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe(-32602);
    });

    it('on a throwing toJSON and on a thrown hostile value', () => {
      const hostile = new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error('x');
          },
        },
      );
      expect(
        parseElicitation({
          toJSON: () => {
            throw hostile;
          },
        }),
      ).toMatchObject({ ok: false, error: { data: { reason: 'not-json', path: '' } } });
    });

    it('on huge input', () => {
      const properties = Object.fromEntries(
        Array.from({ length: 5000 }, (_, i) => [`f${i}`, { type: 'string', title: 'x'.repeat(200) }]),
      );
      const request = parsedForm({ message: 'm'.repeat(1_000_000), requestedSchema: { type: 'object', properties } });
      expect(request.fields).toHaveLength(5000);
    });
  });

  it('works on a copy: later changes to the params do not leak into the request', () => {
    const params = form({ a: { type: 'string', enum: ['x'] } });
    const request = parsedForm(params);
    (params.requestedSchema.properties as Record<string, { enum: string[] }>)['a']!.enum.push('y');
    expect(request.fields[0]).toMatchObject({ options: [{ value: 'x', label: 'x' }] });
  });

  it('keeps __proto__ as an ordinary property name', () => {
    const params = JSON.parse(
      '{"message":"m","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}}',
    );
    const request = parsedForm(params);
    expect(request.fields.map((field) => field.name)).toEqual(['__proto__']);
  });
});

describe('field descriptors', () => {
  it('describes every variant with its control, constraints, options and default', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', description: 'Shown', minLength: 1, maxLength: 9, default: 'Ada' },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        ratio: { type: 'number', minimum: 0.5, maximum: 2.5 },
        seats: { type: 'integer', minimum: 0.5, maximum: 10.5, default: 3 },
        ok: { type: 'boolean', default: false },
        size: { type: 'string', enum: ['s', 'm'] },
        level: { type: 'string', enum: ['0', '1'], enumNames: ['Quiet', 'Loud'], default: '1' },
        pick: { type: 'string', oneOf: [{ const: 'p0', title: 'Critical' }] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 2, default: ['a'] },
        days: { type: 'array', items: { anyOf: [{ const: 'mon', title: 'Monday' }] } },
      },
      required: ['name', 'tags'],
    });
    const strip = fields.map(({ schema: _schema, ...field }) => field);
    expect(strip).toEqual([
      {
        name: 'name',
        label: 'Name',
        description: 'Shown',
        required: true,
        kind: 'text',
        inputType: 'text',
        minLength: 1,
        maxLength: 9,
        default: 'Ada',
      },
      { name: 'email', label: 'email', required: false, kind: 'text', inputType: 'email', format: 'email' },
      { name: 'site', label: 'site', required: false, kind: 'text', inputType: 'url', format: 'uri' },
      { name: 'day', label: 'day', required: false, kind: 'text', inputType: 'date', format: 'date' },
      { name: 'at', label: 'at', required: false, kind: 'text', inputType: 'datetime-local', format: 'date-time' },
      { name: 'ratio', label: 'ratio', required: false, kind: 'number', integer: false, minimum: 0.5, maximum: 2.5 },
      {
        name: 'seats',
        label: 'seats',
        required: false,
        kind: 'number',
        integer: true,
        step: 1,
        minimum: 1,
        maximum: 10,
        default: 3,
      },
      { name: 'ok', label: 'ok', required: false, kind: 'checkbox', default: false },
      {
        name: 'size',
        label: 'size',
        required: false,
        kind: 'select',
        options: [
          { value: 's', label: 's' },
          { value: 'm', label: 'm' },
        ],
      },
      {
        name: 'level',
        label: 'level',
        required: false,
        kind: 'select',
        options: [
          { value: '0', label: 'Quiet' },
          { value: '1', label: 'Loud' },
        ],
        default: '1',
      },
      { name: 'pick', label: 'pick', required: false, kind: 'select', options: [{ value: 'p0', label: 'Critical' }] },
      {
        name: 'tags',
        label: 'tags',
        required: true,
        kind: 'multiselect',
        options: [
          { value: 'a', label: 'a' },
          { value: 'b', label: 'b' },
        ],
        minItems: 1,
        maxItems: 2,
        default: ['a'],
      },
      {
        name: 'days',
        label: 'days',
        required: false,
        kind: 'multiselect',
        options: [{ value: 'mon', label: 'Monday' }],
      },
    ]);
    expect(fields[0]!.schema).toMatchObject({ type: 'string', title: 'Name' });
  });

  it('refuses a schema outside the restricted grammar', () => {
    expect(parseRequestedSchema({ type: 'object', properties: { a: { type: 'object' } } }).ok).toBe(false);
  });
});

describe('parseRequestedSchema', () => {
  it('returns the schema, fields and warnings, or the same error parseElicitation would', () => {
    expect(parseRequestedSchema({ type: 'object', properties: { a: { type: 'boolean' } } })).toMatchObject({
      ok: true,
      fields: [{ name: 'a', kind: 'checkbox' }],
      warnings: [],
    });
    expect(parseRequestedSchema({ type: 'object', properties: { a: { type: 'object' } } })).toMatchObject({
      ok: false,
      error: { data: { reason: 'nested-object', path: 'requestedSchema.properties.a.type' } },
    });
    expect(
      parseRequestedSchema(
        { type: 'object', properties: { a: { type: 'string', oneOf: [{ const: 'x', title: 'X' }] } } },
        { protocolVersion: '2025-06-18' },
      ),
    ).toMatchObject({
      ok: false,
      error: { data: { reason: 'variant-not-in-era' } },
    });
  });
});
