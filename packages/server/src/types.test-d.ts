// The answer types a server author gets, checked by the compiler (`tsc -b packages/server/tsconfig.test.json`).
import { describe, expectTypeOf, it } from 'vitest';
import { defineTool, formQuestion, toolArguments, toolResult } from './index.js';
import type { AnswerOf, ContentOf, FormAnswer } from './index.js';
import { EXPORT_OPTIONS_SCHEMA, exportOptions } from '../examples/export-tool.js';

describe('types', () => {
  it('types the guide’s export answer from the schema', () => {
    expectTypeOf<ContentOf<typeof EXPORT_OPTIONS_SCHEMA>>().toEqualTypeOf<{
      format: 'csv' | 'json';
      maxRows: number;
      includeHeaders?: boolean;
    }>();
    expectTypeOf<AnswerOf<typeof exportOptions>>().toEqualTypeOf<
      FormAnswer<{ format: 'csv' | 'json'; maxRows: number; includeHeaders?: boolean }>
    >();
  });

  it('types every variant: titled options, multi-selects, numbers, booleans', () => {
    const question = formQuestion({
      message: 'm',
      requestedSchema: {
        type: 'object',
        properties: {
          plan: {
            type: 'string',
            oneOf: [
              { const: 'free', title: 'Free' },
              { const: 'team', title: 'Team' },
            ],
          },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
          regions: { type: 'array', items: { anyOf: [{ const: 'eu', title: 'Europe' }] } },
          name: { type: 'string' },
          ratio: { type: 'number' },
          ok: { type: 'boolean' },
        },
        required: ['plan', 'tags', 'regions', 'name', 'ratio', 'ok'],
      },
    });
    expectTypeOf<NonNullable<typeof question.content>>().toEqualTypeOf<{
      plan: 'free' | 'team';
      tags: ('a' | 'b')[];
      regions: 'eu'[];
      name: string;
      ratio: number;
      ok: boolean;
    }>();
  });

  it('gives run a discriminated union and accept the content only', () => {
    defineTool({
      name: 't',
      description: 'd',
      questions: { export_options: exportOptions },
      run: ({ export_options: answer }) => {
        if (answer.action === 'accept') {
          expectTypeOf(answer.content.format).toEqualTypeOf<'csv' | 'json'>();
        } else {
          expectTypeOf(answer).toEqualTypeOf<{ action: 'decline' } | { action: 'cancel' }>();
        }
        return toolResult({});
      },
    });
    defineTool({
      name: 't',
      description: 'd',
      questions: { export_options: exportOptions },
      accept: ({ export_options }) => {
        expectTypeOf(export_options.maxRows).toEqualTypeOf<number>();
        expectTypeOf(export_options.includeHeaders).toEqualTypeOf<boolean | undefined>();
        return toolResult({});
      },
    });
  });

  it('adds the client-error answer only with clientErrors: answer', () => {
    defineTool({
      name: 't',
      description: 'd',
      questions: { q: exportOptions },
      clientErrors: 'answer',
      run: ({ q }) => {
        expectTypeOf(q.action).toEqualTypeOf<'accept' | 'decline' | 'cancel' | 'error'>();
        return toolResult({});
      },
    });
  });

  it('types arguments with their defaults applied', () => {
    const args = toolArguments({
      type: 'object',
      properties: { seconds: { type: 'number', default: 3 }, label: { type: 'string' } },
    });
    defineTool({
      name: 't',
      description: 'd',
      arguments: args,
      questions: { q: exportOptions },
      accept: (_content, call) => {
        expectTypeOf(call.args).toEqualTypeOf<{ seconds: number; label?: string }>();
        return toolResult({});
      },
    });
  });
});
