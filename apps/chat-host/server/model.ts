// The chat's language model: the AI SDK's own mock (`MockLanguageModelV4` from `ai/test`), scripted so the demo and
// its tests are deterministic and offline. The user's message decides which demo-server tool it calls; once the tool
// has answered, it writes one short reply quoting that answer. It streams its words one by one, as a real model does.
import type {
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

/** Which tool the model calls when the user's message contains one of its words (the first match wins). */
export const TOOL_WORDS: readonly { tool: string; words: readonly string[] }[] = [
  { tool: 'confirm-action', words: ['archive'] },
  { tool: 'connect-account', words: ['connect'] },
  { tool: 'export-data', words: ['export'] },
];

/** What the model says to a message that names no tool. */
export const HELP =
  'I can export your orders (say "export the orders"), connect your account ("connect my account") or archive old exports ("archive old exports").';

/** The tool the model calls for `text`, or `undefined`. */
export function toolFor(text: string): string | undefined {
  const lower = text.toLowerCase();
  return TOOL_WORDS.find(({ words }) => words.some((word) => lower.includes(word)))?.tool;
}

/** The first text block of an MCP `CallToolResult` (a resumed turn's tool result comes as JSON), if it is one. */
function textOf(value: unknown): string | undefined {
  const content = (value as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) {
    return undefined;
  }
  const block = content.find((item: { type?: unknown } | null) => item?.type === 'text') as
    | { text?: unknown }
    | undefined;
  return typeof block?.text === 'string' ? block.text : undefined;
}

/** What a tool's output says, as one line of text: its first text block (the demo server's JSON summary). */
export function quote(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return textOf(output.value) ?? JSON.stringify(output.value);
    case 'content':
      return output.value.find((part) => part.type === 'text')?.text ?? '(no text)';
    case 'execution-denied':
      return output.reason ?? 'The call was denied.';
    default:
      output satisfies never;
      return '(no text)';
  }
}

/** The model's reply once `toolName` answered with `output`. */
export function replyTo(toolName: string, output: LanguageModelV4ToolResultOutput): string {
  const failed = output.type === 'error-text' || output.type === 'error-json';
  return `${toolName} ${failed ? 'failed' : 'answered'}: ${quote(output)}`;
}

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

function textParts(text: string): LanguageModelV4StreamPart[] {
  // Word by word, spaces kept: the deltas join back into `text`.
  const words = text.split(/(?<= )/);
  return [
    { type: 'text-start', id: 'reply' },
    ...words.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'reply', delta })),
    { type: 'text-end', id: 'reply' },
    { type: 'finish', usage: USAGE, finishReason: { unified: 'stop', raw: undefined } },
  ];
}

function toolCallParts(toolName: string, toolCallId: string): LanguageModelV4StreamPart[] {
  return [
    { type: 'tool-call', toolCallId, toolName, input: '{}' },
    { type: 'finish', usage: USAGE, finishReason: { unified: 'tool-calls', raw: undefined } },
  ];
}

/** What the model streams for `prompt`: a tool call, the reply to a tool's answer, or the help text. */
export function respond(prompt: LanguageModelV4Prompt): LanguageModelV4StreamPart[] {
  const last = prompt.at(-1);
  if (last?.role === 'tool') {
    const result = last.content.find((part) => part.type === 'tool-result');
    return textParts(result === undefined ? HELP : replyTo(result.toolName, result.output));
  }
  if (last?.role === 'user') {
    const text = last.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
    const tool = toolFor(text);
    // One call per user message: its number makes the id unique in the conversation, and the same on every run.
    const turn = prompt.filter((message) => message.role === 'user').length;
    return tool === undefined ? textParts(HELP) : toolCallParts(tool, `call-${turn}`);
  }
  return textParts(HELP);
}

/** Options of {@link createChatModel}. */
export interface ChatModelOptions {
  /** The pause between two streamed parts, in milliseconds (`null`: none). @default 15 */
  delayMs?: number | null;
}

/** The scripted mock model. */
export function createChatModel({ delayMs = 15 }: ChatModelOptions = {}): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    provider: 'elicitation-kit-chat',
    modelId: 'scripted',
    doStream: async ({ prompt }) => ({
      stream: simulateReadableStream({ chunks: respond(prompt), chunkDelayInMs: delayMs }),
    }),
  });
}
