// The demo's tools with the kit's testing helper: every outcome of the guide's export tool and of the confirmation,
// in both eras, through a real SDK client in memory (the guide's step 7 in one call per tool).
import { runEveryOutcome } from '@elicitation-kit/server/testing';
import { describe, expect, it } from 'vitest';
import { confirmAction } from './actions.js';
import { EXPORT_SCHEMA, exportData } from './export.js';

describe('export-data, every outcome', async () => {
  const report = await runEveryOutcome(exportData, {
    valid: { export_options: { format: 'csv', maxRows: 2 } },
    invalid: { export_options: { format: 'csv', maxRows: 0 } },
  });

  it.each(['legacy', 'modern'] as const)('%s: only a valid accept reaches the export', (era) => {
    const cases = report[era];
    expect(cases['accept-valid'].operation).toMatchObject({
      called: true,
      received: { export_options: { maxRows: 2 } },
    });
    expect(cases['accept-valid'].result?.structuredContent).toMatchObject({ status: 'completed', rows: 2 });
    for (const outcome of ['accept-invalid', 'decline', 'cancel', 'no-capability'] as const) {
      expect(cases[outcome].operation, outcome).toEqual({ called: false });
    }
    expect(cases['accept-invalid'].result?.structuredContent).toMatchObject({
      status: 'invalid',
      issues: [{ field: 'maxRows', code: 'minimum', message: 'Maximum rows must be at least 1.' }],
    });
    expect(cases['decline'].result?.structuredContent).toMatchObject({ status: 'not_started' });
    expect(cases['cancel'].result?.structuredContent).toMatchObject({ status: 'cancelled' });
  });

  it('asks with the guide’s step-2 schema', () => {
    const [asked] = report.modern['accept-valid'].asked;
    expect(asked).toMatchObject({ mode: 'form', requestedSchema: EXPORT_SCHEMA });
    const titles = Object.values(EXPORT_SCHEMA.properties).map((property) => property.title);
    expect(titles).toEqual(['Export format', 'Maximum rows', 'Include column headings']);
  });
});

describe('confirm-action, every outcome', () => {
  it('a client without elicitation is told the user was never asked (fallback not-asked), in both eras', async () => {
    const report = await runEveryOutcome(confirmAction, { valid: { confirm: {} }, invalid: { confirm: { x: 1 } } });
    for (const era of ['legacy', 'modern'] as const) {
      const unasked = report[era]['no-capability'];
      expect(unasked.operation).toEqual({ called: false });
      expect(unasked.result?.structuredContent).toMatchObject({
        status: 'not_asked',
        reason: 'no-elicitation-capability',
      });
      expect(unasked.records).toMatchObject([{ action: 'not-asked', reason: 'no-elicitation-capability' }]);
    }
  });

  it('archives only on accept, in both eras', async () => {
    const report = await runEveryOutcome(confirmAction, {
      valid: { confirm: {} },
      invalid: { confirm: { extra: true } },
    });
    for (const era of ['legacy', 'modern'] as const) {
      expect(report[era]['accept-valid'].result?.structuredContent).toEqual({ status: 'completed', archived: 3 });
      expect(report[era]['accept-invalid'].operation).toEqual({ called: false });
      expect(report[era]['cancel'].result?.structuredContent).toMatchObject({
        status: 'cancelled',
        message: 'Nothing archived: the confirmation was dismissed.',
      });
    }
  });
});
