import type { ElicitationSession } from '@elicitation-kit/core';

/**
 * The labels of the form's secret-looking fields, for the warning. The one place that maps core's verdict (field
 * names, `session.sensitive`) back to labels: when core's parse result carries each flagged field's label, read it
 * here instead.
 */
export function sensitiveLabels(session: ElicitationSession): string[] {
  return session.sensitive.map(
    (item) => session.fields.find((field) => field.name === item.field)?.label ?? item.field,
  );
}
