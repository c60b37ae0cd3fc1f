import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expectTypeOf, it } from 'vitest';
import type { PendingElicitation } from '@elicitation-kit/core';
import type { ElicitationAttachmentBase } from '../index.js';
import { attachElicitation } from './index.js';
import type { ElicitationAttachment, ToolCallOptions } from './index.js';

describe('public types (SDK v1 adapter)', () => {
  it('takes an SDK v1 Client and mirrors its callTool', () => {
    expectTypeOf(attachElicitation).parameter(0).toEqualTypeOf<Client>();
    expectTypeOf(attachElicitation).returns.toEqualTypeOf<ElicitationAttachment>();
    expectTypeOf<ElicitationAttachment>().toExtend<ElicitationAttachmentBase>();
    expectTypeOf<ElicitationAttachment['surfaceUrlRequired']>().toEqualTypeOf<
      (error: unknown) => Promise<PendingElicitation[]>
    >();
    // A drop-in for client.callTool: the same three parameters, the SDK's options accepted as they are.
    expectTypeOf<Parameters<ElicitationAttachment['callTool']>[0]>().toEqualTypeOf<Parameters<Client['callTool']>[0]>();
    expectTypeOf<ReturnType<ElicitationAttachment['callTool']>>().toEqualTypeOf<ReturnType<Client['callTool']>>();
    expectTypeOf<Parameters<Client['callTool']>[2]>().toExtend<ToolCallOptions | undefined>();
  });
});
