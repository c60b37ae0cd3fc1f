// Every outcome in both eras through a real SDK client and server (in memory): the guide's export tool with the
// testing helper, several questions in one round, the `run` style, client errors, answering arguments, messages.
import { describe, expect, it } from 'vitest';
import { defineTool, formQuestion, toolResult } from './index.js';
import type { OutcomeRecord } from './index.js';
import { OUTCOME_CASES, runEveryOutcome } from './testing/index.js';
import type { CaseReport } from './testing/index.js';
import { exportData, exportOptions } from '../examples/export-tool.js';
import { callOnce } from './test/harness.js';

const ERAS = ['legacy', 'modern'] as const;
const finalRecord = (report: CaseReport): OutcomeRecord | undefined => report.records.find((record) => record.final);

describe('the guide’s export tool, every outcome, both eras (runEveryOutcome)', async () => {
  const report = await runEveryOutcome(exportData, {
    valid: { export_options: { format: 'json', maxRows: 25 } },
    invalid: { export_options: { format: 'xml', maxRows: 0 } },
  });

  describe.each(ERAS)('%s era', (era) => {
    const cases = report[era];

    it('plays the five outcomes', () => {
      expect(Object.keys(cases)).toEqual([...OUTCOME_CASES]);
    });

    it('accept-valid: the operation sees the re-validated content and runs once', () => {
      const { result, operation, asked } = cases['accept-valid'];
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ mode: 'form', message: 'How should the orders export be produced?' });
      expect(operation).toEqual({
        called: true,
        style: 'accept',
        received: { export_options: { format: 'json', maxRows: 25 } },
        args: {},
      });
      expect(result?.structuredContent).toEqual({
        status: 'completed',
        format: 'json',
        maxRows: 25,
        includeHeaders: true,
      });
      expect(finalRecord(cases['accept-valid'])).toMatchObject({
        action: 'accept',
        validation: 'passed',
        detail: { rows: 25 },
      });
    });

    it('accept-invalid: the operation never runs; the tool error names each field and rule', () => {
      const { result, operation } = cases['accept-invalid'];
      expect(operation).toEqual({ called: false });
      expect(result?.isError).toBe(true);
      expect(result?.structuredContent).toEqual({
        status: 'invalid',
        issues: [
          { field: 'format', code: 'option', message: expect.any(String) },
          { field: 'maxRows', code: 'minimum', message: 'Maximum rows must be at least 1.' },
        ],
      });
      const text = result?.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n') ?? '';
      expect(text).toContain('Invalid answer, nothing was done.');
      expect(text).toContain('format: ');
      expect(text).toContain('(rule: option)');
      expect(text).toContain('maxRows: Maximum rows must be at least 1. (rule: minimum)');
      expect(finalRecord(cases['accept-invalid'])).toMatchObject({
        action: 'accept',
        validation: 'failed',
        issues: [
          { key: 'export_options', field: 'format', code: 'option' },
          { key: 'export_options', field: 'maxRows', code: 'minimum' },
        ],
      });
    });

    it.each([
      ['decline', 'not_started', 'Export not started: you declined to choose export options.'],
      ['cancel', 'cancelled', 'Export cancelled: the options dialog was dismissed.'],
    ] as const)('%s: status %s, logged as its own action, nothing run', (outcomeCase, status, message) => {
      const { result, operation } = cases[outcomeCase];
      expect(operation).toEqual({ called: false });
      expect(result?.isError).toBeFalsy();
      expect(result?.structuredContent).toMatchObject({ status, message });
      const record = finalRecord(cases[outcomeCase]);
      expect(record?.action).toBe(outcomeCase);
      expect(record?.validation).toBeUndefined();
    });

    it('no-capability: a controlled error at once, nothing asked', () => {
      const { result, error, operation, asked, records } = cases['no-capability'];
      expect(asked).toEqual([]);
      expect(operation).toEqual({ called: false });
      if (era === 'legacy') {
        expect(result).toEqual({
          content: [{ type: 'text', text: 'Client does not support form elicitation.' }],
          isError: true,
        });
      } else {
        expect(error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
      }
      expect(records).toMatchObject([{ action: 'no-capability', mode: 'form', final: true }]);
    });

    it('writes one final record per call, after the steps', () => {
      for (const outcomeCase of OUTCOME_CASES) {
        const { records } = cases[outcomeCase];
        expect(records.filter((record) => record.final)).toHaveLength(1);
        expect(records.at(-1)?.final).toBe(true);
        expect(records.every((record) => record.tool === 'export-data' && record.era === era)).toBe(true);
      }
      if (era === 'modern') {
        // The final record names the round it answered, the same one the question step opened.
        const [asked, answered] = cases['accept-valid'].records;
        expect(asked?.round).toEqual(expect.any(String));
        expect(answered?.round).toBe(asked?.round);
      }
    });
  });
});

const recipient = formQuestion({
  message: 'Who receives it?',
  requestedSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
});
const schedule = formQuestion({
  message: 'How often?',
  requestedSchema: {
    type: 'object',
    properties: { frequency: { type: 'string', enum: ['daily', 'weekly'] } },
    required: ['frequency'],
  },
});

describe('several questions in one round', () => {
  const scheduleReport = defineTool({
    name: 'schedule-report',
    description: 'Schedules a report.',
    questions: { recipient, schedule },
    messages: { declined: 'Not scheduled: declined.', cancelled: 'Not scheduled: dismissed.' },
    accept: ({ recipient: to, schedule: when }) =>
      toolResult({ status: 'completed', to: to.email, frequency: when.frequency }),
  });

  it.each(ERAS)('%s: asks both at once and hands both answers to the operation', async (era) => {
    const report = await runEveryOutcome(scheduleReport, {
      eras: [era],
      valid: { recipient: { email: 'ada@example.com' }, schedule: { frequency: 'daily' } },
      invalid: { recipient: { email: 'not an email' } },
    });
    const cases = report[era];
    expect(cases['accept-valid'].asked.map((params) => params.message).toSorted()).toEqual([
      'How often?',
      'Who receives it?',
    ]);
    expect(cases['accept-valid'].result?.structuredContent).toEqual({
      status: 'completed',
      to: 'ada@example.com',
      frequency: 'daily',
    });
    // With several questions each issue names its question.
    expect(cases['accept-invalid'].result?.structuredContent).toMatchObject({
      status: 'invalid',
      issues: [{ key: 'recipient', field: 'email', code: 'format' }],
    });
    expect(JSON.stringify(cases['accept-invalid'].result?.content)).toContain('recipient.email: ');
    expect(cases['cancel'].result?.structuredContent).toMatchObject({
      status: 'cancelled',
      message: 'Not scheduled: dismissed.',
    });
    expect(finalRecord(cases['decline'])).toMatchObject({
      action: 'decline',
      actions: { recipient: 'decline', schedule: 'decline' },
    });
  });

  it.each(ERAS)('%s: one cancel among accepts cancels the call; a decline declines it', async (era) => {
    const answers = {
      'Who receives it?': { action: 'accept', content: { email: 'ada@example.com' } },
      'How often?': { action: 'cancel' },
    } as const;
    const cancelled = await callOnce(era, scheduleReport, (params) => answers[params.message as keyof typeof answers]);
    expect(cancelled.result?.structuredContent).toMatchObject({ status: 'cancelled' });
    const declined = await callOnce(era, scheduleReport, (params) =>
      params.message === 'How often?'
        ? { action: 'decline' }
        : { action: 'accept', content: { email: 'ada@example.com' } },
    );
    expect(declined.result?.structuredContent).toMatchObject({ status: 'not_started' });
  });
});

describe('the run style: every answer reaches the operation as a discriminated union', () => {
  const survey = defineTool({
    name: 'survey',
    description: 'Counts answers.',
    questions: { recipient, schedule },
    run: (answers) =>
      toolResult({
        status: 'completed',
        actions: Object.values(answers).map((answer) => answer.action),
        email: answers.recipient.action === 'accept' ? answers.recipient.content.email : null,
      }),
  });

  it.each(ERAS)('%s: a mix of accept and decline reaches run; invalid content still never does', async (era) => {
    const mixed = await callOnce(era, survey, (params) =>
      params.message === 'How often?'
        ? { action: 'decline' }
        : { action: 'accept', content: { email: 'ada@example.com' } },
    );
    expect(mixed.result?.structuredContent).toEqual({
      status: 'completed',
      actions: ['accept', 'decline'],
      email: 'ada@example.com',
    });
    expect(mixed.records.at(-1)).toMatchObject({ action: 'decline', final: true });
    const invalid = await callOnce(era, survey, (params) =>
      params.message === 'How often?' ? { action: 'decline' } : { action: 'accept', content: { email: 'nope' } },
    );
    expect(invalid.result?.structuredContent).toMatchObject({ status: 'invalid' });
    expect(invalid.ran).toBe(0);
  });
});

/** A client that refuses the schedule question with a JSON-RPC error and accepts the other. */
const refusing = (params: { message: string }) => {
  if (params.message === 'How often?') {
    throw Object.assign(new Error('Schema refused'), { code: -32602 });
  }
  return { action: 'accept' as const, content: { email: 'ada@example.com' } };
};
describe('client errors (2025: a JSON-RPC error answers one request)', () => {
  it('ends the call with a refused result by default', async () => {
    const tool = defineTool({
      name: 't',
      description: 'd',
      questions: { recipient, schedule },
      accept: () => toolResult({}),
    });
    const { result, records, ran } = await callOnce('legacy', tool, refusing);
    expect(ran).toBe(0);
    expect(result?.isError).toBe(true);
    expect(result?.structuredContent).toMatchObject({ status: 'refused', code: -32602 });
    expect(JSON.stringify(result?.content)).toContain('The client refused the request with -32602: ');
    expect(records.at(-1)).toMatchObject({ action: 'client-error', error: { code: -32602 } });
  });

  it('hands the error to run with clientErrors: answer', async () => {
    const tool = defineTool({
      name: 't',
      description: 'd',
      questions: { recipient, schedule },
      clientErrors: 'answer',
      run: (answers) => toolResult({ status: 'completed', schedule: answers.schedule.action }),
    });
    const { result } = await callOnce('legacy', tool, refusing);
    expect(result?.structuredContent).toEqual({ status: 'completed', schedule: 'error' });
  });
});

describe('arguments that answer the form (argumentsAnswer)', () => {
  const tool = defineTool({
    name: 'export-data',
    description: 'Exports.',
    questions: { export_options: exportOptions },
    argumentsAnswer: 'export_options',
    accept: ({ export_options }) => toolResult({ status: 'completed', ...export_options }),
  });

  it.each(ERAS)('%s: every required option given: validated like an answer, nothing asked', async (era) => {
    const call = await callOnce(era, tool, () => ({ action: 'cancel' }), { format: 'csv', maxRows: 3 });
    expect(call.asked).toBe(0);
    expect(call.result?.structuredContent).toEqual({ status: 'completed', format: 'csv', maxRows: 3 });
    expect(call.records).toMatchObject([{ action: 'arguments', validation: 'passed', final: true }]);
  });

  it.each(ERAS)('%s: some missing: the form is asked', async (era) => {
    const call = await callOnce(era, tool, () => ({ action: 'cancel' }), { format: 'csv' });
    expect(call.asked).toBe(1);
    expect(call.result?.structuredContent).toMatchObject({ status: 'cancelled' });
  });

  it.each(ERAS)('%s: out of range: refused by the SDK with core’s message, nothing run', async (era) => {
    const call = await callOnce(era, tool, () => ({ action: 'cancel' }), { format: 'csv', maxRows: 20000 });
    expect(call.ran).toBe(0);
    expect(call.result?.isError).toBe(true);
    expect(JSON.stringify(call.result?.content)).toContain('maxRows: Maximum rows must be at most 10000.');
  });
});

describe('result fields and messages', () => {
  it.each(ERAS)('%s: resultFields come right after status in the kit’s own results', async (era) => {
    const tool = defineTool({
      name: 't',
      description: 'd',
      questions: { export_options: exportOptions },
      resultFields: () => ({ job: 7 }),
      messages: { declined: 'No export.' },
      accept: () => toolResult({}),
    });
    const { result } = await callOnce(era, tool, () => ({ action: 'decline' }));
    expect(result?.content[0]).toEqual({
      type: 'text',
      text: JSON.stringify({ status: 'not_started', job: 7, reason: 'declined', message: 'No export.' }),
    });
  });

  it.each(ERAS)('%s: a tool limited to one era answers unsupported on the other', async (era) => {
    const tool = defineTool({
      name: 't',
      description: 'd',
      eras: [era === 'legacy' ? 'modern' : 'legacy'],
      questions: { export_options: exportOptions },
      accept: () => toolResult({}),
    });
    const { result, records, asked } = await callOnce(era, tool, () => ({ action: 'accept', content: {} }));
    expect(asked).toBe(0);
    expect(result).toMatchObject({ isError: true, structuredContent: { status: 'unsupported' } });
    expect(records).toMatchObject([{ action: 'unsupported-era', final: true }]);
  });
});
