import type { CallToolResult, MCPClient, MCPClientConfig } from '@ai-sdk/mcp';
import { describe, expectTypeOf, it } from 'vitest';
import type { ElicitationAttachmentBase } from '../index.js';
import { attachElicitation, elicitationCapabilities } from './index.js';
import type { ElicitationAttachment, ToolCallArgs } from './index.js';

describe('public types (AI SDK adapter)', () => {
  it('takes the AI SDK MCP client, and its capabilities fit createMCPClient', () => {
    expectTypeOf(attachElicitation).parameter(0).toEqualTypeOf<MCPClient>();
    expectTypeOf(attachElicitation).returns.toEqualTypeOf<ElicitationAttachment>();
    expectTypeOf<ElicitationAttachment>().toExtend<ElicitationAttachmentBase>();
    expectTypeOf(elicitationCapabilities()).toExtend<NonNullable<MCPClientConfig['capabilities']>>();
    expectTypeOf<ElicitationAttachment['callTool']>().toEqualTypeOf<(args: ToolCallArgs) => Promise<CallToolResult>>();
    // A drop-in for client.callTool: the client's arguments are accepted as they are.
    expectTypeOf<Parameters<MCPClient['callTool']>[0]>().toExtend<ToolCallArgs>();
  });
});
