// The valid value sets every measurement uses, in content shape (typed numbers, RFC 3339): plain data, so the browser
// pages import them too (forms.mjs, which reads the fixtures from disk, re-exports them for Node).

/** A valid value set for the kitchen sink: every property answered, in content shape (typed numbers, RFC 3339). */
export const kitchenSinkValues = {
  nickname: 'dev',
  contact: 'ada@example.com',
  homepage: 'https://example.com/ada',
  birthday: '2026-03-14',
  reminder: '2026-03-14T09:30:00Z',
  ratio: 0.25,
  seats: 10,
  telemetry: false,
  theme: 'dark',
  locale: 'de-DE',
  tags: ['frontend', 'docs'],
  digest: ['mon', 'fri'],
  density: 'c',
};

/** A valid value set for the export schema. */
export const exportValues = { format: 'csv', maxRows: 500, includeHeaders: false };
