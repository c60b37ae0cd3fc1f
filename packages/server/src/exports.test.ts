import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import * as sdkV1 from './sdk-v1/index.js';
import * as testing from './testing/index.js';

describe('package entries', () => {
  it('@elicitation-kit/server exports exactly the documented runtime names', () => {
    // CORS (mcpCorsHeaders, MCP_REQUEST_HEADERS, MCP_RESPONSE_HEADERS) is core's: one home, no re-export.
    expect(Object.keys(api).toSorted()).toEqual([
      'APPROVAL_REFUSAL_MESSAGES',
      'DEFAULT_APPROVAL_TTL_SECONDS',
      'DEFAULT_LEGACY_TIMEOUT_MS',
      'DEFAULT_ROUND_POLICY',
      'DEFAULT_ROUND_TTL_SECONDS',
      'DEFAULT_SECRET_PAGE_TTL_MS',
      'DEFAULT_URL_PATIENCE_MS',
      'ElicitationDefinitionError',
      'IGNORED_ANSWERS',
      'MAX_REDIS_COMMAND_TIMEOUT_MS',
      'REDIS_CLIENT_OPTIONS',
      'REFUSAL_MESSAGES',
      'RequestStateNotVerifiedError',
      'WITHDRAW_REASON',
      'createElicitationServer',
      'createMemoryEventStore',
      'createMemoryRoundStore',
      'createRedisRoundStore',
      'defineTool',
      'errorText',
      'formQuestion',
      'secretPage',
      'serveBothEras',
      'toolArguments',
      'toolResult',
      'urlQuestion',
    ]);
  });

  it('@elicitation-kit/server/sdk-v1 exports exactly the documented runtime names', () => {
    expect(Object.keys(sdkV1).toSorted()).toEqual([
      'APPROVAL_REFUSAL_MESSAGES',
      'DEFAULT_APPROVAL_TTL_SECONDS',
      'DEFAULT_LEGACY_TIMEOUT_MS',
      'DEFAULT_URL_PATIENCE_MS',
      'ElicitationDefinitionError',
      'MAX_REDIS_COMMAND_TIMEOUT_MS',
      'REDIS_CLIENT_OPTIONS',
      'createElicitationServer',
      'createMemoryRoundStore',
      'createRedisRoundStore',
      'defineTool',
      'errorText',
      'formQuestion',
      'requestExtra',
      'toolArguments',
      'toolResult',
      'urlQuestion',
    ]);
  });

  it('@elicitation-kit/server/testing exports exactly the documented runtime names', () => {
    expect(Object.keys(testing).toSorted()).toEqual(['OUTCOME_CASES', 'connectInMemory', 'runEveryOutcome']);
  });
});
