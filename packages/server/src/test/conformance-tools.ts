// The tools the MCP conformance suite's elicitation scenarios call, defined once with the kit's public API and
// registered as they are on the SDK v2 and the SDK v1 server of src/conformance.test.ts. Each follows its scenario's
// description (tool name, arguments, `inputRequests` keys, messages and schemas) as the suite states it.
import { defineTool, formQuestion, toolArguments, toolResult } from '../index.js';
import type { ElicitationTool, FormAnswer } from '../index.js';

/** The text a tool returns for one answer: the action, and the content when there is one. */
function describeAnswer(prefix: string, answer: FormAnswer<unknown>): string {
  const content = answer.action === 'accept' ? JSON.stringify(answer.content) : '{}';
  return `${prefix}: action=${answer.action}, content=${content}`;
}

const USER_INFO_SCHEMA = {
  type: 'object',
  properties: {
    username: { type: 'string', description: "User's response" },
    email: { type: 'string', description: "User's email address" },
  },
  required: ['username', 'email'],
} as const;

/** `tools-call-elicitation`: asks for the user's details with the message the caller passes. */
const testElicitation = defineTool({
  name: 'test_elicitation',
  description: 'Asks the user for a username and an email address, with the message given.',
  arguments: toolArguments({
    type: 'object',
    properties: { message: { type: 'string', description: 'The message to show the user' } },
    required: ['message'],
  }),
  // Built per call: the question's message is the caller's.
  questions: (call) => ({
    user_info: formQuestion({ message: call.args.message, requestedSchema: USER_INFO_SCHEMA }),
  }),
  run: ({ user_info }) =>
    toolResult(
      { status: 'completed', action: user_info.action },
      { texts: [describeAnswer('User response', user_info)] },
    ),
});

/** `elicitation-sep1034-defaults`: a default on every primitive type (SEP-1034). */
const testSep1034Defaults = defineTool({
  name: 'test_elicitation_sep1034_defaults',
  description: 'Asks a form with a default value on every primitive type (SEP-1034).',
  questions: {
    profile: formQuestion({
      message: 'Please review your profile.',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name', default: 'John Doe' },
          age: { type: 'integer', title: 'Age', default: 30 },
          score: { type: 'number', title: 'Score', default: 95.5 },
          status: { type: 'string', title: 'Status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', title: 'Verified', default: true },
        },
      },
    }),
  },
  run: ({ profile }) =>
    toolResult(
      { status: 'completed', action: profile.action },
      { texts: [describeAnswer('Elicitation completed', profile)] },
    ),
});

/** `elicitation-sep1330-enums`: the five choice shapes of SEP-1330. */
const testSep1330Enums = defineTool({
  name: 'test_elicitation_sep1330_enums',
  description: 'Asks a form with every kind of choice (SEP-1330).',
  questions: {
    choices: formQuestion({
      message: 'Please make your choices.',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', title: 'Untitled single', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            title: 'Titled single',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            title: 'Legacy titled',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            title: 'Untitled multiple',
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            title: 'Titled multiple',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
      },
    }),
  },
  run: ({ choices }) =>
    toolResult(
      { status: 'completed', action: choices.action },
      { texts: [describeAnswer('Elicitation completed', choices)] },
    ),
});

/** The name question of the `input-required-*` scenarios (`user_name`, and round 1 of the multi-round one). */
const NAME_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
} as const;

/** A yes/no confirmation (`ok`), as the request-state and tampered-state scenarios answer it. */
const confirmQuestion = formQuestion({
  message: 'Please confirm',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
});

/**
 * `input-required-result-basic-elicitation`, also called by `-result-type`, `-missing-input-response`,
 * `-ignore-extra-params` and `-validate-input`.
 */
const testInputRequiredElicitation = defineTool({
  name: 'test_input_required_result_elicitation',
  description: 'Asks the user for their name and greets them.',
  questions: { user_name: formQuestion({ message: 'What is your name?', requestedSchema: NAME_SCHEMA }) },
  accept: ({ user_name: { name } }) => toolResult({ status: 'completed', name }, { texts: [`Hello, ${name}!`] }),
});

/** `input-required-result-request-state`: the retry's result says the echoed state was verified (`state-ok`). */
const testInputRequiredRequestState = defineTool({
  name: 'test_input_required_result_request_state',
  description: 'Asks for a confirmation; its answer counts only with the sealed requestState it was asked with.',
  questions: { confirm: confirmQuestion },
  // The SDK verified the echoed requestState (kit.requestState) before this runs: the answer is this round's.
  accept: ({ confirm: { ok } }) => toolResult({ status: 'completed', ok }, { texts: ['state-ok'] }),
});

/** `input-required-result-tampered-state`: an altered requestState never reaches this tool. */
const testInputRequiredTamperedState = defineTool({
  name: 'test_input_required_result_tampered_state',
  description: 'Asks for a confirmation under an integrity-protected requestState.',
  questions: { confirm: confirmQuestion },
  accept: ({ confirm: { ok } }) => toolResult({ status: 'completed', ok }),
});

/** Step 2 of `input-required-result-multi-round`, asked once step 1 is answered. */
const colorQuestion = formQuestion({
  message: 'Step 2: What is your favorite color?',
  requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
});

/**
 * `input-required-result-multi-round`: a question asked after, and because of, the first answer. On 2026-07-28 each
 * round is its own `input_required` result whose sealed requestState carries the earlier answers; on a 2025 session
 * step 2 is a second `elicitation/create` on the call's stream.
 */
const testInputRequiredMultiRound = defineTool({
  name: 'test_input_required_result_multi_round',
  description: 'Asks for your name, then for your favorite color.',
  questions: { step1: formQuestion({ message: 'Step 1: What is your name?', requestedSchema: NAME_SCHEMA }) },
  accept: async ({ step1: { name } }, call) => {
    const { step2 } = await call.ask({ step2: colorQuestion });
    call.note({ name, color: step2.color }); // step 1's answer, carried through step 2's round
    return toolResult(
      { status: 'completed', name, color: step2.color },
      { texts: [`Hello, ${name}! Your favorite color is ${step2.color}.`] },
    );
  },
});

/** Every tool the conformance scenarios call, registered on both servers. */
export const CONFORMANCE_TOOLS: readonly ElicitationTool[] = [
  testElicitation,
  testSep1034Defaults,
  testSep1330Enums,
  testInputRequiredElicitation,
  testInputRequiredRequestState,
  testInputRequiredTamperedState,
  testInputRequiredMultiRound,
];
