// `/api/ag-ui`: the chat as an AG-UI agent (the page's `?mode=ag-ui`), a separate mode beside the bridge's chat. Each
// thread of a signed-in user gets an `AbstractAgent` of `@ag-ui/client` with its own MCP client (`@ai-sdk/mcp`, the
// kit attached): the chat's mock model calls a demo-server tool, the server's question ends the run as an AG-UI
// interrupt (`@elicitation-kit/ag-ui`), and the next run's `resume` answers it (checked with core) and the work goes
// on. POST a `RunAgentInput`; the events come back as SSE (`data: <event>`), what `HttpAgent` reads.
import { AbstractAgent, EventType } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/client';
import { createMCPClient } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { createElicitationInterrupts } from '@elicitation-kit/ag-ui';
import type { ElicitationInterrupts } from '@elicitation-kit/ag-ui';
import { createElicitationQueue } from '@elicitation-kit/core';
import { attachElicitation, elicitationCapabilities } from '@elicitation-kit/mcp/ai-sdk';
import { publicSuffixList } from '@elicitation-kit/mcp/public-suffix';
import { isStepCount, streamText } from 'ai';
import type { LanguageModel, ToolSet } from 'ai';
import { Observable } from 'rxjs';
import { readJson, refuse } from './http.js';
import type { Era } from './options.js';

/** A thread id as `HttpAgent` makes them (a UUID), or any short id of letters, digits, `_` and `-`. */
const THREAD_ID = /^[\w-]{1,128}$/;

/** The most threads one user keeps (each holds an MCP client); the oldest is closed beyond it. */
const MAX_THREADS_PER_USER = 4;

/** How long an interrupt may wait for its resume: the MCP question is cancelled then. */
const EXPIRES_AFTER_MS = 10 * 60_000;

/** A work in progress: its events, and the step it waits for (kept when a run ends with interrupts). */
interface Progress {
  iterator: AsyncIterator<BaseEvent>;
  next?: Promise<IteratorResult<BaseEvent>> | undefined;
}

/** The text of the last user message of a run's input. */
function promptOf(input: RunAgentInput): string {
  const last = input.messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

/** `streamText` with the MCP tools, as AG-UI events; `turn` keeps the ids of each turn apart. */
async function* modelEvents(model: LanguageModel, tools: ToolSet, prompt: string, turn: number) {
  const result = streamText({ model, tools, prompt, stopWhen: isStepCount(2) });
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-start':
        yield { type: EventType.TEXT_MESSAGE_START, messageId: `${turn}-${part.id}`, role: 'assistant' };
        break;
      case 'text-delta':
        yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `${turn}-${part.id}`, delta: part.text };
        break;
      case 'text-end':
        yield { type: EventType.TEXT_MESSAGE_END, messageId: `${turn}-${part.id}` };
        break;
      case 'tool-call': {
        const toolCallId = `${turn}-${part.toolCallId}`;
        yield { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: part.toolName };
        yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(part.input) };
        yield { type: EventType.TOOL_CALL_END, toolCallId };
        break;
      }
      case 'tool-result':
      case 'tool-error': {
        const toolCallId = `${turn}-${part.toolCallId}`;
        const content = part.type === 'tool-result' ? JSON.stringify(part.output) : String(part.error);
        yield { type: EventType.TOOL_CALL_RESULT, messageId: `${toolCallId}-result`, toolCallId, content };
        break;
      }
      case 'error':
        throw part.error instanceof Error ? part.error : new Error(String(part.error));
      default:
        break;
    }
  }
}

/**
 * The agent of one thread: its work (a turn of the model) starts with a run and goes on over the runs that resume it.
 * Each run answers its `resume` first, then races the work against the questions: a question ends the run with
 * interrupts.
 */
class ChatAgent extends AbstractAgent {
  readonly #elicitations: ElicitationInterrupts;
  readonly #start: (prompt: string) => AsyncIterable<Record<string, unknown>>;
  #progress: Progress | undefined;

  constructor(elicitations: ElicitationInterrupts, start: (prompt: string) => AsyncIterable<Record<string, unknown>>) {
    super({ agentId: 'chat-host' });
    this.#elicitations = elicitations;
    this.#start = start;
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const ids = { threadId: input.threadId, runId: input.runId };
      const emit = (event: Record<string, unknown>): void => subscriber.next(event as unknown as BaseEvent);
      const end = (event: Record<string, unknown>): void => {
        emit(event);
        subscriber.complete();
      };
      const stopped = new AbortController();
      void (async () => {
        emit({ type: EventType.RUN_STARTED, ...ids });
        if (input.resume !== undefined) {
          const resumed = this.#elicitations.resume(input.resume);
          if (!resumed.ok) {
            end({ type: EventType.RUN_ERROR, message: resumed.error.message, code: 'invalid-resume' });
            return;
          }
        }
        if (this.#progress === undefined) {
          const events = this.#start(promptOf(input)) as AsyncIterable<BaseEvent>;
          this.#progress = { iterator: events[Symbol.asyncIterator]() };
        }
        const progress = this.#progress;
        while (!stopped.signal.aborted) {
          progress.next ??= progress.iterator.next();
          const waiting = new AbortController();
          const next = await Promise.race([progress.next, this.#elicitations.waitForInterrupts(waiting.signal)]);
          waiting.abort();
          if (Array.isArray(next)) {
            end({ type: EventType.RUN_FINISHED, ...ids, outcome: { type: 'interrupt', interrupts: next } });
            return;
          }
          progress.next = undefined;
          if (next.done === true) {
            this.#progress = undefined;
            end({ type: EventType.RUN_FINISHED, ...ids });
            return;
          }
          emit({ ...next.value });
        }
      })().catch((error: unknown) => {
        this.#progress = undefined;
        end({ type: EventType.RUN_ERROR, message: error instanceof Error ? error.message : String(error) });
      });
      return () => stopped.abort();
    });
  }
}

/** A thread: its agent and its MCP client. */
interface Thread {
  agent: ChatAgent;
  close(): Promise<void>;
}

/** What the AG-UI route needs. */
export interface AgUiContext {
  model: LanguageModel;
  mcpUrl: string;
  era: Era;
}

/** The handler of `/api/ag-ui` for a signed-in `user`, and how to close every thread. */
export interface AgUiRoutes {
  handle(request: Request, user: string): Promise<Response>;
  close(): Promise<void>;
}

/** The AG-UI agent routes: one agent per thread of each user. */
export function agUiRoutes(context: AgUiContext): AgUiRoutes {
  const { model, mcpUrl, era } = context;
  /** Threads by user, then thread id, oldest first. */
  const threads = new Map<string, Map<string, Promise<Thread>>>();

  const openThread = async (): Promise<Thread> => {
    const client: MCPClient = await createMCPClient({
      transport: { type: 'http', url: mcpUrl },
      capabilities: elicitationCapabilities(),
      protocolVersionDiscovery: era === 'modern',
    });
    const queue = createElicitationQueue();
    const kit = attachElicitation(client, { queue, server: { url: mcpUrl }, publicSuffixList });
    const elicitations = createElicitationInterrupts({ queue, expiresAfterMs: EXPIRES_AFTER_MS });
    const tools = await client.tools();
    let turn = 0;
    const agent = new ChatAgent(elicitations, (prompt) => {
      turn += 1;
      return modelEvents(model, tools, prompt, turn);
    });
    return {
      agent,
      async close() {
        elicitations.close();
        kit.detach();
        await client.close();
      },
    };
  };

  const threadOf = (user: string, threadId: string): Promise<Thread> => {
    let mine = threads.get(user);
    if (mine === undefined) {
      mine = new Map();
      threads.set(user, mine);
    }
    let thread = mine.get(threadId);
    if (thread === undefined) {
      thread = openThread();
      mine.set(threadId, thread);
      thread.catch(() => mine.delete(threadId));
      if (mine.size > MAX_THREADS_PER_USER) {
        const [oldest] = mine.keys();
        if (oldest !== undefined) {
          void mine.get(oldest)?.then((old) => old.close());
          mine.delete(oldest);
        }
      }
    }
    return thread;
  };

  return {
    async handle(request, user) {
      if (request.method !== 'POST') {
        return new Response(null, { status: 405, headers: { Allow: 'POST' } });
      }
      const body = await readJson(request);
      if (!body.ok) {
        return body.response;
      }
      const input = body.value as RunAgentInput | null;
      if (
        typeof input !== 'object' ||
        input === null ||
        typeof input.threadId !== 'string' ||
        !THREAD_ID.test(input.threadId) ||
        typeof input.runId !== 'string' ||
        !Array.isArray(input.messages)
      ) {
        return refuse(400, 'wrong-shape', 'The body must be a RunAgentInput: { threadId, runId, messages, … }.');
      }
      let thread: Thread;
      try {
        thread = await threadOf(user, input.threadId);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return refuse(502, 'mcp-unreachable', `The MCP server could not be reached: ${reason}`);
      }
      const encoder = new TextEncoder();
      let stop: (() => void) | undefined;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const subscription = thread.agent.run(input).subscribe({
            next: (event) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
            complete: () => controller.close(),
            error: (error: unknown) => controller.error(error),
          });
          stop = () => subscription.unsubscribe();
        },
        cancel() {
          stop?.();
        },
      });
      return new Response(stream, {
        headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
      });
    },
    async close() {
      const all = [...threads.values()].flatMap((mine) => [...mine.values()]);
      threads.clear();
      await Promise.all(
        all.map((thread) =>
          thread.then(
            (opened) => opened.close(),
            () => undefined,
          ),
        ),
      );
    },
  };
}
