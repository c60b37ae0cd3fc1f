// An AG-UI agent as a host writes one with `@ag-ui/client`: an `AbstractAgent` subclass whose work (the AI SDK's mock
// model calling the demo server's tools through `@ai-sdk/mcp` and the kit's adapter, or a tool call of the SDK v2
// adapter) goes on across runs. Each run answers its `resume` first (`createElicitationInterrupts` of
// `@elicitation-kit/ag-ui`), then races the work against the queue: a question ends the run with interrupts, the next
// run goes on where it stopped. It is served over HTTP + SSE (`data: <event>` lines, as `@ag-ui/encoder` writes them)
// so the page side reads it with `HttpAgent`, over the wire.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbstractAgent, EventType } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/client';
import type { ElicitationInterrupts } from '@elicitation-kit/ag-ui';
import { isStepCount, simulateReadableStream, streamText } from 'ai';
import type { ToolSet } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { Observable } from 'rxjs';

/** What an agent's work produces: AG-UI events (without the run's ids). */
export type Work = AsyncIterable<BaseEvent>;

/** A work in progress: its iterator, and the step it waits for (kept when a run ends with interrupts). */
interface Progress {
  iterator: AsyncIterator<BaseEvent>;
  next?: Promise<IteratorResult<BaseEvent>> | undefined;
}

/** The text of the last user message of a run's input. */
function promptOf(input: RunAgentInput): string {
  const last = input.messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

/** An agent of one thread: its work starts with the first run and continues over the resumes. */
export class McpToolAgent extends AbstractAgent {
  readonly #elicitations: ElicitationInterrupts;
  readonly #start: (prompt: string) => Work;
  #progress: Progress | undefined;

  constructor(elicitations: ElicitationInterrupts, start: (prompt: string) => Work) {
    super({ agentId: 'mcp-tool-agent' });
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
        this.#progress ??= { iterator: this.#start(promptOf(input))[Symbol.asyncIterator]() };
        const progress = this.#progress;
        while (!stopped.signal.aborted) {
          progress.next ??= progress.iterator.next();
          const waiting = new AbortController();
          const next = await Promise.race([progress.next, this.#elicitations.waitForInterrupts(waiting.signal)]);
          waiting.abort();
          if (Array.isArray(next)) {
            // The work waits for the user: the run ends, the step it waits for is kept for the next run.
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

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/** One part of what the mock model streams. */
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

/** The AI SDK's mock model: calls `toolName`, then says what the tool answered (its first text block). */
export function toolCallingModel(toolName: string): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const last = prompt.at(-1);
      const result = last?.role === 'tool' ? last.content.find((part) => part.type === 'tool-result') : undefined;
      let chunks: StreamPart[];
      if (result === undefined) {
        chunks = [
          { type: 'tool-call', toolCallId: 'call-1', toolName, input: '{}' },
          { type: 'finish', usage: USAGE, finishReason: { unified: 'tool-calls', raw: undefined } },
        ];
      } else {
        const output = result.output;
        const said =
          output.type === 'content'
            ? (output.value.find((part) => part.type === 'text')?.text ?? '')
            : JSON.stringify(output);
        chunks = [
          { type: 'text-start', id: 'reply' },
          { type: 'text-delta', id: 'reply', delta: `${toolName} answered: ${said}` },
          { type: 'text-end', id: 'reply' },
          { type: 'finish', usage: USAGE, finishReason: { unified: 'stop', raw: undefined } },
        ];
      }
      return { stream: simulateReadableStream({ chunks, chunkDelayInMs: null }) };
    },
  });
}

/** `streamText` with the MCP tools, its parts as AG-UI events: text messages, tool calls and their results. */
export async function* modelWork(model: MockLanguageModelV4, tools: ToolSet, prompt: string): Work {
  const result = streamText({ model, tools, prompt, stopWhen: isStepCount(2) });
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-start':
        yield { type: EventType.TEXT_MESSAGE_START, messageId: part.id, role: 'assistant' } as BaseEvent;
        break;
      case 'text-delta':
        yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: part.id, delta: part.text } as BaseEvent;
        break;
      case 'text-end':
        yield { type: EventType.TEXT_MESSAGE_END, messageId: part.id } as BaseEvent;
        break;
      case 'tool-call':
        yield {
          type: EventType.TOOL_CALL_START,
          toolCallId: part.toolCallId,
          toolCallName: part.toolName,
        } as BaseEvent;
        yield {
          type: EventType.TOOL_CALL_ARGS,
          toolCallId: part.toolCallId,
          delta: JSON.stringify(part.input),
        } as BaseEvent;
        yield { type: EventType.TOOL_CALL_END, toolCallId: part.toolCallId } as BaseEvent;
        break;
      case 'tool-result':
      case 'tool-error':
        yield {
          type: EventType.TOOL_CALL_RESULT,
          messageId: `${part.toolCallId}-result`,
          toolCallId: part.toolCallId,
          content: JSON.stringify(part.type === 'tool-result' ? part.output : String(part.error)),
        } as BaseEvent;
        break;
      case 'error':
        throw part.error instanceof Error ? part.error : new Error(String(part.error));
      default:
        break;
    }
  }
}

/** A served agent: its URL (POST a `RunAgentInput`, read SSE), and how to stop it. */
export interface ServedAgent {
  url: string;
  close(): Promise<void>;
}

/** Serves `agent` over HTTP + SSE on an ephemeral loopback port. */
export async function serveAgent(agent: AbstractAgent): Promise<ServedAgent> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RunAgentInput;
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      const subscription = agent.run(input).subscribe({
        next: (event) => response.write(`data: ${JSON.stringify(event)}\n\n`),
        complete: () => response.end(),
        error: () => response.end(),
      });
      response.on('close', () => subscription.unsubscribe());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
