// Tools that act on an answer: a confirmation with an empty form (replay-safe: a replayed retry archives nothing),
// the deliberate API-key anti-pattern, and two questions in one round.
import { defineTool, formQuestion, toolResult } from '@elicitation-kit/server';

export const confirmAction = defineTool({
  name: 'confirm-action',
  title: 'Confirm an action',
  description: 'A confirmation with an empty form (properties: {}). Accept archives 3 old exports (simulated).',
  questions: {
    confirm: formQuestion({
      message: 'Archive the 3 exports older than 30 days?',
      requestedSchema: { type: 'object', properties: {} },
    }),
  },
  messages: {
    declined: 'Nothing archived: you declined.',
    cancelled: 'Nothing archived: the confirmation was dismissed.',
  },
  // The guide's step 7: a client that cannot show the confirmation gets `not_asked` (the user was never asked), not
  // a refusal a model would retry.
  fallback: 'not-asked',
  accept: (_content, call) => {
    call.note({ archived: 3 });
    return toolResult({ status: 'completed', archived: 3 });
  },
});

export const apiKeyForm = defineTool({
  name: 'api-key-form',
  title: 'API key in a form (anti-pattern)',
  description:
    'Deliberately asks for an API key in a form, which the spec forbids (secrets belong in URL mode). It exists to show the client’s secret warning. The key is never stored, echoed or logged.',
  questions: {
    credentials: formQuestion({
      message: 'Paste your warehouse API key to continue.',
      requestedSchema: {
        type: 'object',
        properties: {
          apiKey: { type: 'string', title: 'API key', description: 'Your warehouse API key', minLength: 8 },
        },
        required: ['apiKey'],
      },
      // On purpose: this tool demonstrates the client's secret warning. A real server asks for keys in URL mode.
      allowSensitive: ['apiKey'],
    }),
  },
  accept: ({ credentials }) => toolResult({ status: 'received', keyLength: credentials.apiKey.length }),
});

export const scheduleReport = defineTool({
  name: 'schedule-report',
  title: 'Schedule a report',
  description:
    'Asks two questions in one round (recipient and schedule): two input requests at once on 2026-07-28, two concurrent elicitation/create requests on 2025 sessions.',
  questions: {
    recipient: formQuestion({
      message: 'Who should receive the weekly report?',
      requestedSchema: {
        type: 'object',
        properties: { email: { type: 'string', title: 'Send the report to', format: 'email' } },
        required: ['email'],
      },
    }),
    schedule: formQuestion({
      message: 'When should the report be sent?',
      requestedSchema: {
        type: 'object',
        properties: {
          frequency: {
            type: 'string',
            title: 'How often',
            oneOf: [
              { const: 'once', title: 'Once' },
              { const: 'daily', title: 'Every day' },
              { const: 'weekly', title: 'Every week' },
            ],
            default: 'weekly',
          },
          start: { type: 'string', title: 'Starting on', format: 'date' },
        },
        required: ['frequency', 'start'],
      },
    }),
  },
  messages: {
    declined: 'Report not scheduled: you declined.',
    cancelled: 'Report not scheduled: a question was dismissed.',
  },
  accept: ({ recipient, schedule }, call) => {
    call.note({ frequency: schedule.frequency });
    return toolResult({ status: 'completed', recipient: recipient.email, ...schedule });
  },
});
