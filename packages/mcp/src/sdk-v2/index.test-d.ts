import type { ElicitResult, ParsedElicitation } from '@elicitation-kit/core';
import type { CallToolRequest, CallToolResult, Client } from '@modelcontextprotocol/client';
import { describe, expectTypeOf, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import type {
  ElicitationEntry,
  ElicitationQueue,
  LocalElicitationQueue,
  PendingElicitation,
  ServerIdentity,
} from '@elicitation-kit/core';
import { elicitationCapability, readServerIdentity } from '../index.js';
import type { ElicitationEvent } from '../index.js';
import { attachElicitation } from './index.js';
import type { ElicitationAttachment, ToolCallOptions } from './index.js';

describe('public types', () => {
  it('matches the agreed contract', () => {
    expectTypeOf(createElicitationQueue).parameter(0).toEqualTypeOf<{ maxPendingPerServer?: number } | undefined>();
    expectTypeOf(createElicitationQueue).returns.toEqualTypeOf<LocalElicitationQueue>();
    expectTypeOf<LocalElicitationQueue>().toExtend<ElicitationQueue>();
    expectTypeOf<ElicitationQueue['respond']>().toEqualTypeOf<(id: string, result: ElicitResult) => boolean>();
    expectTypeOf<ElicitationQueue['getSnapshot']>().returns.toEqualTypeOf<readonly PendingElicitation[]>();
    expectTypeOf<PendingElicitation>().toEqualTypeOf<{
      id: string;
      request: ParsedElicitation;
      server: ServerIdentity;
      era: 'legacy' | 'modern';
      protocolVersion?: '2025-06-18' | '2025-11-25' | '2026-07-28';
      signal: AbortSignal;
      status: 'pending' | 'completed';
      kind: 'request' | 'url-required';
      createdAt: number;
      askedAgain?: true;
      roundKey?: string;
    }>();
    expectTypeOf<PendingElicitation>().toExtend<ElicitationEntry>();
    expectTypeOf<ServerIdentity>().toEqualTypeOf<{
      id: string;
      name: string;
      title?: string;
      version?: string;
      url?: string;
    }>();
    expectTypeOf(attachElicitation).parameter(0).toEqualTypeOf<Client>();
    expectTypeOf(attachElicitation).returns.toEqualTypeOf<ElicitationAttachment>();
    expectTypeOf<ElicitationAttachment['surfaceUrlRequired']>().toEqualTypeOf<
      (error: unknown) => Promise<PendingElicitation[]>
    >();
    expectTypeOf<ElicitationEvent['type']>().toEqualTypeOf<
      'shown' | 'answered' | 'rejected' | 'cancelled' | 'completed' | 'undelivered'
    >();
    expectTypeOf<ElicitationAttachment['resend']>().toEqualTypeOf<(entryId: string) => Promise<boolean>>();
    expectTypeOf<ElicitationAttachment['undelivered']>().toEqualTypeOf<() => readonly PendingElicitation[]>();
    expectTypeOf<ElicitationAttachment['callTool']>().toEqualTypeOf<
      (params: CallToolRequest['params'], options?: ToolCallOptions) => Promise<CallToolResult>
    >();
    // A drop-in for client.callTool: the SDK's options are accepted as they are.
    expectTypeOf<Parameters<Client['callTool']>[1]>().toExtend<ToolCallOptions | undefined>();
    expectTypeOf<Extract<ElicitationEvent, { type: 'undelivered' }>['canResend']>().toEqualTypeOf<boolean>();
    expectTypeOf(readServerIdentity).returns.toEqualTypeOf<ServerIdentity>();
    expectTypeOf(elicitationCapability({ url: false })).toEqualTypeOf<{
      form?: Record<string, never>;
      url?: Record<string, never>;
    }>();
  });
});
