import { randomUUID } from 'node:crypto';

/** An out-of-band step a URL-mode elicitation sends the user to (a page this server serves). */
export interface Flow {
  id: string;
  /** What the page says it connects. */
  purpose: string;
  completed: boolean;
  /** Legacy sessions only: called once when the user presses "Done" (sends the completion notification). */
  onComplete?: () => void;
}

/** The flows of one demo server. In memory, forgotten on restart. */
export interface FlowStore {
  create(purpose: string): Flow;
  get(id: string): Flow | undefined;
  /** Marks a flow done. Returns `false` for an unknown id. */
  complete(id: string): boolean;
  /** Resolves when the flow completes; rejects with the signal's reason when it aborts first. */
  waitFor(id: string, signal: AbortSignal): Promise<void>;
}

/** Creates an empty flow store. */
export function createFlowStore(): FlowStore {
  const flows = new Map<string, Flow>();
  const waiters = new Map<string, Set<() => void>>();
  return {
    create(purpose) {
      const flow: Flow = { id: randomUUID(), purpose, completed: false };
      flows.set(flow.id, flow);
      return flow;
    },
    get(id) {
      return flows.get(id);
    },
    complete(id) {
      const flow = flows.get(id);
      if (flow === undefined) {
        return false;
      }
      if (!flow.completed) {
        flow.completed = true;
        flow.onComplete?.();
        for (const wake of waiters.get(id) ?? []) {
          wake();
        }
        waiters.delete(id);
      }
      return true;
    },
    waitFor(id, signal) {
      const flow = flows.get(id);
      if (flow?.completed === true) {
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason);
          return;
        }
        const set = waiters.get(id) ?? new Set<() => void>();
        waiters.set(id, set);
        const onAbort = (): void => {
          set.delete(wake);
          reject(signal.reason);
        };
        const wake = (): void => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        set.add(wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
