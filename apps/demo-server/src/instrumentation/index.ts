// Test-only instrumentation of the demo server, kept out of the production setup (server.ts knows only the generic
// hooks it plugs into): the answer ledger (every request the server sent and every answer that came back), the
// debug endpoints that serve it, and the replay patch that lets `replay-check` send a 2025 request twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LegacySession, OutcomeRecord } from '@elicitation-kit/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { DemoHooks } from '../server.js';
import { createAnswerLedger, legacyKey, modernKey } from './ledger.js';
import type { AnswerLedger } from './ledger.js';

/** The instrumentation of one demo server. */
export interface Instrumentation {
  /** The answer ledger. */
  ledger: AnswerLedger;
  /** The hooks to give the production server. */
  hooks: DemoHooks;
}

type Send = LegacySession['transport']['send'];

/**
 * Creates the instrumentation. With `debug`, it also serves `GET /debug/answers` (the ledger's report),
 * `DELETE /debug/answers` (reset, `204`) and `POST /debug/drop` (`204`, then every open connection is cut).
 */
export function createInstrumentation(options: { debug: boolean }): Instrumentation {
  const ledger = createAnswerLedger();
  /** The last `elicitation/create` of each 2025 session, and how to send it again. */
  const replays = new Map<string, () => Promise<void>>();

  const onSession = (session: LegacySession): void => {
    const { transport } = session;
    const send: Send = transport.send.bind(transport);
    transport.send = async (message, sendOptions) => {
      if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
        const id = session.id();
        const params = message.params as { message?: unknown } | undefined;
        const tool = ledger.legacyTool(id, sendOptions?.relatedRequestId);
        ledger.asked(legacyKey(id, message.id), {
          era: 'legacy',
          ...(tool === undefined ? {} : { tool }),
          ...(typeof params?.message === 'string' ? { message: params.message } : {}),
        });
        if (id !== undefined) {
          const copy: JSONRPCMessage = message;
          replays.set(id, () => transport.send(copy, sendOptions));
        }
      }
      return send(message, sendOptions);
    };
  };

  const onRecord = (record: OutcomeRecord): void => {
    if (record.era === 'modern' && record.action === 'input-requested' && record.round !== undefined) {
      for (const key of record.keys) {
        ledger.asked(modernKey(record.round, key), { era: 'modern', tool: record.tool });
      }
    }
  };

  const replayLastElicitation = async (sessionId: string | undefined): Promise<boolean> => {
    const replay = sessionId === undefined ? undefined : replays.get(sessionId);
    if (replay === undefined) {
      return false;
    }
    await replay();
    return true;
  };

  const route = (path: string, req: IncomingMessage, res: ServerResponse, dropConnections: () => void): boolean => {
    if (!options.debug || !path.startsWith('/debug/')) {
      return false;
    }
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (path === '/debug/answers' && req.method === 'GET') {
      json(200, ledger.report());
    } else if (path === '/debug/answers' && req.method === 'DELETE') {
      ledger.reset();
      res.writeHead(204);
      res.end();
    } else if (path === '/debug/drop' && req.method === 'POST') {
      // Answer first, then cut everything (this response's socket included, once it is written).
      res.writeHead(204, { Connection: 'close' });
      res.end(() => setImmediate(dropConnections));
    } else {
      json(404, { error: 'Unknown debug endpoint' });
    }
    return true;
  };

  return {
    ledger,
    hooks: {
      onRequestBody: (body, era, sessionId) => ledger.observe(body, era, sessionId),
      onSession,
      onSessionClosed: (sessionId) => replays.delete(sessionId),
      onRecord,
      replayLastElicitation,
      route,
    },
  };
}

export type { AnswerLedger, AnswerRecord, AnswerReport } from './ledger.js';
