// The URL-mode flows of one demo server: each is a page this server serves (`/connect/<id>`) with a "Done" button.
// The store is the demo's implementation of the kit's `UrlFlows`: the kit asks and checks, the demo serves the pages.
import { randomUUID } from 'node:crypto';
import type { UrlFlows } from '@elicitation-kit/server';

/** An out-of-band step a URL-mode elicitation sends the user to (a page this server serves). */
export interface Flow {
  id: string;
  /** What the page says it connects (the tool that started it). */
  purpose: string;
  /** The page: `http://127.0.0.1:<port>/connect/<id>`. */
  url: string;
  completed: boolean;
}

/** The flows of one demo server. In memory, forgotten on restart. */
export interface FlowStore extends UrlFlows {
  /** Starts a flow (the kit calls it through `start`). */
  create(purpose: string): Flow;
  get(id: string): Flow | undefined;
  /** Marks a flow done (the page's "Done" button; tests call it directly). Returns `false` for an unknown id. */
  complete(id: string): boolean;
}

/** Creates an empty flow store whose pages live under `baseUrl()` (known once the server listens). */
export function createFlowStore(baseUrl: () => string): FlowStore {
  const flows = new Map<string, Flow>();
  const listeners = new Map<string, Set<() => void>>();

  const listen = (id: string, listener: () => void): void => {
    const set = listeners.get(id) ?? new Set<() => void>();
    listeners.set(id, set);
    set.add(listener);
  };

  const create = (purpose: string): Flow => {
    const id = randomUUID();
    const flow: Flow = { id, purpose, url: `${baseUrl()}/connect/${id}`, completed: false };
    flows.set(id, flow);
    return flow;
  };

  return {
    create,
    start: create,
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
        const waiting = listeners.get(id) ?? new Set<() => void>();
        listeners.delete(id);
        for (const listener of waiting) {
          listener();
        }
      }
      return true;
    },
    onComplete(id, listener) {
      if (flows.get(id)?.completed === true) {
        listener();
        return;
      }
      listen(id, listener);
    },
    waitFor(id, signal) {
      if (flows.get(id)?.completed === true) {
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason);
          return;
        }
        const onAbort = (): void => {
          listeners.get(id)?.delete(wake);
          reject(signal.reason);
        };
        const wake = (): void => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        listen(id, wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
