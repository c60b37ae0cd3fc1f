// Defining a tool checks it: names, at least one question, exactly one handler, a valid argumentsAnswer.
import { describe, expect, it } from 'vitest';
import {
  defineTool,
  ElicitationDefinitionError,
  formQuestion,
  toolArguments,
  toolResult,
  urlQuestion,
} from './index.js';
import type { UrlFlows } from './index.js';
import { exportOptions } from '../examples/export-tool.js';

const done = () => toolResult({ status: 'completed' });
const FLOWS: UrlFlows = {
  start: () => ({ id: 'f', url: 'https://example.com/f', completed: false }),
  get: () => undefined,
  waitFor: () => Promise.resolve(),
  onComplete: () => undefined,
};

describe('defineTool', () => {
  it('returns a frozen tool carrying its checked definition', () => {
    const tool = defineTool({ name: 'export', description: 'Exports.', questions: { q: exportOptions }, accept: done });
    expect(tool.name).toBe('export');
    expect(Object.isFrozen(tool)).toBe(true);
    expect(tool.spec).toMatchObject({ name: 'export', eras: ['legacy', 'modern'], clientErrors: 'fail' });
    expect(tool.spec.handler.style).toBe('accept');
  });

  it.each([
    ['no name', { name: '', description: 'd', questions: { q: exportOptions }, accept: done }, /name/],
    ['no description', { name: 't', description: '', questions: { q: exportOptions }, accept: done }, /description/],
    ['no question', { name: 't', description: 'd', questions: {}, accept: done }, /at least one question/],
    [
      'a hand-made question',
      { name: 't', description: 'd', questions: { q: { message: 'x' } }, accept: done },
      /formQuestion/,
    ],
    ['no handler', { name: 't', description: 'd', questions: { q: exportOptions } }, /exactly one/],
    [
      'two handlers',
      { name: 't', description: 'd', questions: { q: exportOptions }, accept: done, run: done },
      /exactly one/,
    ],
    ['no era', { name: 't', description: 'd', questions: { q: exportOptions }, accept: done, eras: [] }, /eras/],
  ])('refuses a definition with %s', (_case, definition, message) => {
    expect(() => defineTool(definition as never)).toThrow(ElicitationDefinitionError);
    expect(() => defineTool(definition as never)).toThrow(message);
  });

  it('refuses a url-required question sharing its round', () => {
    expect(() =>
      defineTool({
        name: 't',
        description: 'd',
        questions: {
          storage: urlQuestion({ message: 'Connect', flows: FLOWS, legacy: 'url-required' }),
          q: exportOptions,
        },
        accept: done,
      }),
    ).toThrow(/url-required/);
  });

  it('derives the arguments of argumentsAnswer from the form: every property optional, no defaults', () => {
    const tool = defineTool({
      name: 't',
      description: 'd',
      questions: { export_options: exportOptions },
      argumentsAnswer: 'export_options',
      accept: done,
    });
    const listed = tool.spec.arguments?.standard['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    expect(listed).toMatchObject({ type: 'object', properties: { maxRows: { type: 'integer', maximum: 10000 } } });
    expect(listed?.['required']).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain('"default"');
  });

  it('refuses argumentsAnswer with other questions, with explicit arguments, or naming an unknown key', () => {
    const other = formQuestion({ message: 'Other', requestedSchema: { type: 'object', properties: {} } });
    const args = toolArguments({ type: 'object', properties: { n: { type: 'integer' } } });
    for (const definition of [
      { questions: { a: exportOptions, b: other }, argumentsAnswer: 'a' },
      { questions: { a: exportOptions }, argumentsAnswer: 'a', arguments: args },
      { questions: { a: exportOptions }, argumentsAnswer: 'b' },
    ]) {
      expect(() => defineTool({ name: 't', description: 'd', accept: done, ...definition } as never)).toThrow(
        ElicitationDefinitionError,
      );
    }
  });
});
