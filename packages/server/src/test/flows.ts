// An in-memory UrlFlows for the tests: pages at https://flows.test/<id>, completed by the test.
import type { UrlFlow, UrlFlows } from '../index.js';

/** Flows the test completes with `complete(id)`. */
export interface TestFlows extends UrlFlows {
  complete(id: string): void;
  /** Every flow started so far. */
  readonly started: UrlFlow[];
}

export function createTestFlows(): TestFlows {
  const flows = new Map<string, { id: string; url: string; completed: boolean }>();
  const listeners = new Map<string, (() => void)[]>();
  const started: UrlFlow[] = [];
  let next = 0;
  const onComplete = (id: string, listener: () => void): void => {
    if (flows.get(id)?.completed === true) {
      listener();
    } else {
      listeners.set(id, [...(listeners.get(id) ?? []), listener]);
    }
  };
  return {
    started,
    start() {
      next += 1;
      const id = `flow-${next}`;
      const flow = { id, url: `https://flows.test/${id}`, completed: false };
      flows.set(id, flow);
      started.push(flow);
      return flow;
    },
    get: (id) => flows.get(id),
    complete(id) {
      const flow = flows.get(id);
      if (flow !== undefined && !flow.completed) {
        flow.completed = true;
        for (const listener of listeners.get(id) ?? []) {
          listener();
        }
        listeners.delete(id);
      }
    },
    onComplete,
    waitFor(id, signal) {
      if (flows.get(id)?.completed === true) {
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason);
          return;
        }
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        onComplete(id, () => resolve());
      });
    },
  };
}
