// Questions as the kit's MCP adapters queue them (through core's producer, as every adapter does), and a scripted
// AG-UI agent (`@ag-ui/client`'s AbstractAgent) for the page side's tests.
import { AbstractAgent, EventType } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/client';
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import type {
  ElicitResult,
  ElicitationQueueProducer,
  LocalElicitationQueue,
  PendingElicitation,
  PendingElicitationInit,
} from '@elicitation-kit/core';
import { Observable } from 'rxjs';

/** The demo server's export form. */
export const EXPORT_PARAMS = {
  message: 'How should the orders export be produced?',
  requestedSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', enum: ['csv', 'json'] },
      maxRows: { type: 'integer', minimum: 1, maximum: 1000 },
    },
    required: ['format'],
  },
} as const;

export const URL_PARAMS = {
  mode: 'url',
  message: 'Connect your account.',
  url: 'https://auth.example.com/connect?flow=1',
  elicitationId: 'flow-1',
} as const;

/** `params` parsed by core, or a thrown error (fixtures must parse). */
function parsed(params: unknown): PendingElicitation['request'] {
  const result = parseElicitation(params);
  if (!result.ok) {
    throw new Error(`the fixture must parse: ${result.error.message}`);
  }
  return result.request;
}

/** A queue fed like an MCP adapter feeds it: each question queued records the answers it gets. */
export function mcpQueue(): {
  queue: LocalElicitationQueue;
  producer: ElicitationQueueProducer;
  answers: Map<string, ElicitResult[]>;
  ask(params: unknown, init?: Partial<PendingElicitationInit>): PendingElicitation;
  withdraw(entry: PendingElicitation): void;
} {
  const queue = createElicitationQueue();
  const producer = queue.openProducer();
  const answers = new Map<string, ElicitResult[]>();
  const controllers = new Map<string, AbortController>();
  return {
    queue,
    producer,
    answers,
    ask(params, init = {}) {
      const made = producer.create({
        request: parsed(params),
        server: { id: producer.id, name: 'Acme exports', url: 'https://mcp.acme.example/' },
        era: 'modern',
        protocolVersion: '2026-07-28',
        kind: 'request',
        ...init,
      });
      if (!made.ok) {
        throw new Error(made.error.message);
      }
      controllers.set(made.entry.id, made.controller);
      answers.set(made.entry.id, []);
      producer.add(made.entry, (result) => answers.get(made.entry.id)?.push(result));
      return made.entry;
    },
    withdraw(entry) {
      producer.remove(entry.id);
      controllers.get(entry.id)?.abort();
    },
  };
}

/** What a scripted run sends: the events between RUN_STARTED and its end. */
export type Script = (input: RunAgentInput) => BaseEvent[] | Error;

/** An AG-UI agent whose runs follow `script`; every run's input is kept. */
export class ScriptedAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];
  script: Script;

  constructor(script: Script) {
    super({ agentId: 'scripted', threadId: 'thread-1' });
    this.script = script;
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    return new Observable<BaseEvent>((subscriber) => {
      const ids = { threadId: input.threadId, runId: input.runId };
      subscriber.next({ type: EventType.RUN_STARTED, ...ids } as BaseEvent);
      const events = this.script(input);
      if (events instanceof Error) {
        subscriber.next({ type: EventType.RUN_ERROR, message: events.message } as BaseEvent);
      } else {
        for (const event of events) {
          subscriber.next({ ...ids, ...event } as BaseEvent);
        }
      }
      subscriber.complete();
    });
  }
}

/** A RUN_FINISHED event ending the run with `interrupts` (ids filled in by the agent). */
export function interruptedWith(interrupts: unknown[]): BaseEvent {
  return { type: EventType.RUN_FINISHED, outcome: { type: 'interrupt', interrupts } } as BaseEvent;
}

/** A RUN_FINISHED event of a successful run. */
export function finished(): BaseEvent {
  return { type: EventType.RUN_FINISHED } as BaseEvent;
}
