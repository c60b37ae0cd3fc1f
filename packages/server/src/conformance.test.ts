// The MCP conformance suite's elicitation scenarios against two servers built as the README shows them: SDK v2
// (README "A complete server": createElicitationServer + serveBothEras, both eras on one URL) and SDK v1 (README "On
// SDK v1": 2025 sessions only), both serving the same tools (src/test/conformance-tools.ts, defined once with the
// kit's public API). @modelcontextprotocol/conformance 0.1.16 plays the 2025-11-25 scenarios against both servers;
// 0.2.0-alpha.12 plays the 2026-07-28 `input-required-*` scenarios against the v2 server, the only one with 2026
// rounds (v1 has no 2026-07-28 revision). Every check must be SUCCESS, except where a WARNING is expected below,
// with the reason.
//
// Not run: scenarios outside an elicitation kit's scope (they test other client features, which the kit neither asks
// nor serves):
// - input-required-result-basic-sampling: a `sampling/createMessage` input request.
// - input-required-result-basic-list-roots: a `roots/list` input request.
// - input-required-result-multiple-input-requests: one round with an elicitation, a sampling and a `roots/list`
//   request (the kit asks several questions in one round, all of them elicitations).
// - input-required-result-capability-check: a tool that asks by sampling when the client declares sampling only
//   (the kit's own capability rule is about elicitation: `-32021` before anything is asked, in outcomes.test.ts).
// - input-required-result-non-tool-request: an input_required result on `prompts/get` (the kit serves tools).
// - tools-call-sampling, tasks-* and the scenarios that test no elicitation (prompts, resources, logging, ...).
import { runConformance } from '@elicitation-kit/conformance';
import type { ConformanceCheck, ConformanceSuite } from '@elicitation-kit/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV1Server, startV2Server } from './test/conformance-servers.js';
import type { RunningServer } from './test/conformance-servers.js';
import { CONFORMANCE_TOOLS } from './test/conformance-tools.js';
import type { OutcomeRecord } from './index.js';

/**
 * One scenario takes a few seconds (a Node 22 process, an SDK client, its requests); runConformance gives up 30 s
 * after its own timeout (30 s here), before the test's, so a hung scenario fails with the suite's log.
 */
const SCENARIO_TIMEOUT_MS = 90_000;

/** What one scenario must give: every check the suite reports, and the kit's records of the calls it made. */
interface Expected {
  /** Each check's id → `SUCCESS`, or `WARNING: <the suite's message>` where a warning is expected (said why). */
  checks: Record<string, string>;
  /** The kit's outcome records of the scenario, in order (the fields that matter here). */
  records: Partial<OutcomeRecord>[];
}

/** Each check's status, with its error message when it is not SUCCESS (so a failure says why). */
function outcomes(checks: readonly ConformanceCheck[]): Record<string, string> {
  return Object.fromEntries(
    checks.map(({ id, status, errorMessage }) => [
      id,
      status === 'SUCCESS' ? status : `${status}: ${errorMessage ?? ''}`,
    ]),
  );
}

/** Plays `scenario` against `server` and checks what it must give. */
async function expectScenario(
  suite: ConformanceSuite,
  scenario: string,
  server: RunningServer,
  expected: Expected,
): Promise<void> {
  const before = server.records.length;
  const run = await runConformance({ suite, target: 'server', scenario, url: server.url, timeoutMs: 30_000 });
  expect(outcomes(run.checks), run.log).toEqual(expected.checks);
  const records = server.records
    .slice(before)
    .map(({ tool, era, action, final, keys, validation, ignored, detail }) => ({
      tool,
      era,
      action,
      final,
      keys,
      validation,
      ignored,
      detail,
    }));
  expect(records).toEqual(expected.records);
}

/** The records of one call whose question was asked, then answered with a valid accept that reached the operation. */
function askedAndAccepted(tool: string, key: string, era: 'legacy' | 'modern'): Partial<OutcomeRecord>[] {
  return [
    { tool, era, action: 'input-requested', final: false, keys: [key] },
    { tool, era, action: 'accept', final: true, keys: [key], validation: 'passed' },
  ];
}

let v2: RunningServer;
let v1: RunningServer;

beforeAll(async () => {
  v2 = await startV2Server(CONFORMANCE_TOOLS);
  v1 = await startV1Server(CONFORMANCE_TOOLS);
});

afterAll(async () => {
  await Promise.all([v2.close(), v1.close()]);
});

/**
 * The 2025-11-25 scenarios. The suite checks the `elicitation/create` it received (the schema as defined: defaults
 * of every type, the five choice shapes) and that the call returned content; the records show the answer the suite
 * sent reached the operation, re-validated by core.
 */
const SCENARIOS_2025: Record<string, Expected> = {
  'tools-call-elicitation': {
    checks: { 'tools-call-elicitation': 'SUCCESS' },
    records: askedAndAccepted('test_elicitation', 'user_info', 'legacy'),
  },
  'elicitation-sep1034-defaults': {
    checks: {
      'elicitation-sep1034-string-default': 'SUCCESS',
      'elicitation-sep1034-integer-default': 'SUCCESS',
      'elicitation-sep1034-number-default': 'SUCCESS',
      'elicitation-sep1034-enum-default': 'SUCCESS',
      'elicitation-sep1034-boolean-default': 'SUCCESS',
    },
    records: askedAndAccepted('test_elicitation_sep1034_defaults', 'profile', 'legacy'),
  },
  'elicitation-sep1330-enums': {
    checks: {
      'elicitation-sep1330-untitled-single': 'SUCCESS',
      'elicitation-sep1330-titled-single': 'SUCCESS',
      'elicitation-sep1330-legacy-enumnames': 'SUCCESS',
      'elicitation-sep1330-untitled-multi': 'SUCCESS',
      'elicitation-sep1330-titled-multi': 'SUCCESS',
    },
    records: askedAndAccepted('test_elicitation_sep1330_enums', 'choices', 'legacy'),
  },
};

describe.each([
  ['SDK v2 (serveBothEras)', () => v2],
  ['SDK v1 (@elicitation-kit/server/sdk-v1)', () => v1],
])('conformance 2025-11-25 against the %s server', (_name, server) => {
  it.each(Object.entries(SCENARIOS_2025))(
    '%s: every check passes',
    (scenario, expected) => expectScenario('2025-11-25', scenario, server(), expected),
    SCENARIO_TIMEOUT_MS,
  );
});

const NAME_TOOL = 'test_input_required_result_elicitation';
const MULTI_ROUND_TOOL = 'test_input_required_result_multi_round';
/** The round asked again: answers that came without this server's sealed state are not used (`ignored` says so). */
function askedAgain(ignored?: string): Partial<OutcomeRecord> {
  return {
    tool: NAME_TOOL,
    era: 'modern',
    action: 'input-requested',
    final: false,
    keys: ['user_name'],
    ...(ignored === undefined ? {} : { ignored }),
  };
}
const UNSOLICITED = 'answers to a question this server did not ask';

/**
 * The 2026-07-28 scenarios (the alpha suite also checks every message the server sent against the spec's JSON
 * schema: `wire-schema-valid`).
 */
const SCENARIOS_2026: Record<string, Expected> = {
  'input-required-result-basic-elicitation': {
    checks: { 'sep-2322-elicitation-incomplete': 'SUCCESS', 'sep-2322-elicitation-complete': 'SUCCESS' },
    records: askedAndAccepted(NAME_TOOL, 'user_name', 'modern'),
  },
  'input-required-result-request-state': {
    checks: { 'sep-2322-request-state-incomplete': 'SUCCESS', 'sep-2322-request-state-complete': 'SUCCESS' },
    records: askedAndAccepted('test_input_required_result_request_state', 'confirm', 'modern'),
  },
  'input-required-result-multi-round': {
    checks: {
      'sep-2322-multi-round-r1': 'SUCCESS',
      'sep-2322-multi-round-r2': 'SUCCESS',
      'sep-2322-multi-round-r3': 'SUCCESS',
    },
    // Step 2 is asked by `call.ask` inside the operation, in a round of its own; the operation then has both answers
    // (the suite's `Alice`, carried in step 2's sealed state, and `blue`).
    records: [
      { tool: MULTI_ROUND_TOOL, era: 'modern', action: 'input-requested', final: false, keys: ['step1'] },
      { tool: MULTI_ROUND_TOOL, era: 'modern', action: 'input-requested', final: false, keys: ['step2'] },
      {
        tool: MULTI_ROUND_TOOL,
        era: 'modern',
        action: 'accept',
        final: true,
        keys: expect.arrayContaining(['step1']) as string[],
        validation: 'passed',
        detail: { name: 'Alice', color: 'blue' },
      },
    ],
  },
  'input-required-result-result-type': {
    checks: { 'sep-2322-result-type-included': 'SUCCESS' },
    records: [askedAgain()],
  },
  'input-required-result-unsupported-methods': {
    checks: { 'sep-2322-not-on-unsupported-requests': 'SUCCESS' },
    records: [],
  },
  // The SDK refuses the altered state (-32602) before the tool runs: the round was asked, nothing was answered.
  'input-required-result-tampered-state': {
    checks: { 'sep-2322-reject-tampered-state': 'SUCCESS' },
    records: [
      {
        tool: 'test_input_required_result_tampered_state',
        era: 'modern',
        action: 'input-requested',
        final: false,
        keys: ['confirm'],
      },
    ],
  },
  'input-required-result-missing-input-response': {
    checks: { 'sep-2322-missing-response-rerequests': 'SUCCESS' },
    records: [askedAgain(UNSOLICITED)],
  },
  // `user_name: 12345`, then `inputResponses: null`: neither completes the call, each asks the round again.
  'input-required-result-validate-input': {
    checks: { 'sep-2322-validate-input-responses': 'SUCCESS', 'sep-2322-error-on-protocol-error': 'SUCCESS' },
    records: [askedAgain(), askedAgain()],
  },
  // The suite sends `inputResponses` (the right key and extra ones) with no `requestState` at all, and grades a
  // SHOULD ("ignore the extra keys and complete normally"). The kit deliberately never uses an answer without its
  // own sealed state (tool, keys asked, round id, arguments digest): an unsolicited answer is not the user's answer
  // to a question this server asked, so the round is asked (input_required) instead of completing.
  'input-required-result-ignore-extra-params': {
    checks: {
      'sep-2322-ignore-unexpected-params':
        'WARNING: Server did not return complete result when valid inputResponses were provided alongside extra keys. Servers SHOULD ignore information they do not recognize.',
    },
    records: [askedAgain(UNSOLICITED)],
  },
};

describe('conformance 2026-07-28 against the SDK v2 server', () => {
  it.each(Object.entries(SCENARIOS_2026))(
    '%s',
    (scenario, expected) =>
      expectScenario('2026-07-28', scenario, v2, {
        checks: { ...expected.checks, 'wire-schema-valid': 'SUCCESS' },
        records: expected.records,
      }),
    SCENARIO_TIMEOUT_MS,
  );
});
