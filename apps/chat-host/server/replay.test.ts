import { describe, expect, it } from 'vitest';
import { record } from './replay.js';

/** A source stream and the controls to write it. */
function source<T>() {
  let controller!: ReadableStreamDefaultController<T>;
  const stream = new ReadableStream<T>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    write: (chunk: T) => controller.enqueue(chunk),
    end: () => controller.close(),
    fail: (error: Error) => controller.error(error),
  };
}

async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const chunks: T[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
  }
  return chunks;
}

describe('record', () => {
  it('a reader that comes late reads from the first chunk, then live', async () => {
    const { stream, write, end } = source<number>();
    const replay = record(stream);
    write(1);
    write(2);
    const early = readAll(replay.follow());
    await new Promise((resolve) => setTimeout(resolve, 0));
    const late = readAll(replay.follow());
    write(3);
    end();
    await replay.done;
    expect(await early).toEqual([1, 2, 3]);
    expect(await late).toEqual([1, 2, 3]);
    expect(await readAll(replay.follow())).toEqual([1, 2, 3]);
  });

  it('reads the source to its end with nobody reading, and a cancelled reader stops only itself', async () => {
    const { stream, write, end } = source<string>();
    const replay = record(stream);
    const reader = replay.follow().getReader();
    write('a');
    expect(await reader.read()).toEqual({ done: false, value: 'a' });
    await reader.cancel();
    write('b');
    end();
    await replay.done;
    expect(await readAll(replay.follow())).toEqual(['a', 'b']);
  });

  it('a failing source ends the readers after the chunks it gave', async () => {
    const { stream, write, fail } = source<string>();
    const replay = record(stream);
    const reading = readAll(replay.follow());
    write('partial');
    await new Promise((resolve) => setTimeout(resolve, 0));
    fail(new Error('the model broke'));
    await replay.done;
    expect(await reading).toEqual(['partial']);
    expect(await readAll(replay.follow())).toEqual(['partial']);
  });
});
