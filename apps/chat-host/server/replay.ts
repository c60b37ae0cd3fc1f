// A stream read to its end whoever listens, that any number of readers can follow from its first chunk: a chat turn
// runs on the backend however often the page reloads, and each reload reads the reply again from the start (the AI
// SDK's `resume`, a replay), then live.

/** A stream being recorded. */
export interface Replay<T> {
  /** A new stream of every chunk so far, then the next ones, closed when the source ends. Cancelling it stops only it. */
  follow(): ReadableStream<T>;
  /** Resolves once the source ended (or failed: the readers see its chunks, then the end). */
  readonly done: Promise<void>;
}

/** Starts reading `source` at once and records it. */
export function record<T>(source: ReadableStream<T>): Replay<T> {
  const chunks: T[] = [];
  const wakers = new Set<() => void>();
  let ended = false;
  const wake = (): void => {
    for (const waker of wakers) {
      waker();
    }
    wakers.clear();
  };
  const done = (async () => {
    const reader = source.getReader();
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) {
          return;
        }
        chunks.push(next.value);
        wake();
      }
    } catch {
      // The source's own error chunks (the AI SDK writes one before failing) are what readers see.
    } finally {
      ended = true;
      wake();
    }
  })();

  return {
    done,
    follow() {
      let index = 0;
      return new ReadableStream<T>({
        async pull(controller) {
          for (;;) {
            if (index < chunks.length) {
              controller.enqueue(chunks[index++] as T);
              return;
            }
            if (ended) {
              controller.close();
              return;
            }
            await new Promise<void>((resolve) => wakers.add(resolve));
          }
        },
      });
    },
  };
}
