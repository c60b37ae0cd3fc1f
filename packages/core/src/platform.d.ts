// The two platform globals the queue names (queue.ts), declared for core's own compile only: core builds with
// `lib: ES2023`, no DOM and no Node types. Every runtime a host runs has them (browsers, Node >= 16, Deno, Bun), and a
// program that uses core takes the real declarations from its own DOM or Node types: this file is not published.
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
}

declare var AbortController: {
  prototype: AbortController;
  new (): AbortController;
};

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
