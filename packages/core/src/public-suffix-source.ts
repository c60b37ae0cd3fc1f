// The host's Public Suffix List, given as the list itself or as a loader: a host page opts into the real list
// (~137 KB min through `tldts`) without paying for it at start-up, since only a URL-mode request is judged by it.
// The one home of "load it once, when the first URL-mode request comes, and never judge that request before": each
// adapter of @elicitation-kit/mcp and the bridge's browser half hold one of these.
import { isJsonObject } from './json.js';
import type { PublicSuffixList } from './site.js';

/**
 * The Public Suffix List as a host gives it: the list itself, or a loader of it called on the first URL-mode request
 * (a form-mode request never loads it), e.g. `() => import('@elicitation-kit/mcp/public-suffix').then((m) =>
 * m.publicSuffixList)` so that a bundler splits the list into a chunk of its own.
 */
export type PublicSuffixListSource = PublicSuffixList | (() => Promise<PublicSuffixList>);

/** A {@link PublicSuffixListSource} resolved once (see {@link publicSuffixListLoader}). */
export interface PublicSuffixListLoader {
  /** The list to judge by now: the given list, or the loaded one; `undefined` while not loaded (or none was given). */
  current(): PublicSuffixList | undefined;
  /**
   * Whether these `elicitation/create` params must wait for {@link load} before they are parsed: a URL-mode request
   * while the loader has not delivered yet. Always `false` for a form-mode request, a given list, or no list.
   */
  pendingFor(params: unknown): boolean;
  /**
   * The list, loaded once: concurrent callers share one load, and every later call gets the loaded list. A failed load
   * (the loader threw, or gave no list) rejects with an `Error` that says so, and is forgotten: the next call loads
   * again. Resolves with `undefined` when no list was given.
   */
  load(): Promise<PublicSuffixList | undefined>;
}

const isList = (value: unknown): value is PublicSuffixList =>
  typeof value === 'object' && value !== null && typeof (value as PublicSuffixList).registrableDomain === 'function';

/**
 * Resolves and memoizes the host's Public Suffix List. A request is never judged before the list it was promised: a
 * URL-mode request waits for the load, and a failed load refuses it (the host opted into the real list; core's
 * built-in excerpt would judge shared hosts' tenants one site) and is tried again by the next URL-mode request.
 * @example const list = publicSuffixListLoader(() => import('@elicitation-kit/mcp/public-suffix').then((m) => m.publicSuffixList))
 */
export function publicSuffixListLoader(source: PublicSuffixListSource | undefined): PublicSuffixListLoader {
  let loaded = typeof source === 'function' ? undefined : source;
  let loading: Promise<PublicSuffixList> | undefined;
  return {
    current: () => loaded,
    pendingFor: (params) =>
      loaded === undefined && typeof source === 'function' && isJsonObject(params) && params['mode'] === 'url',
    load() {
      if (loaded !== undefined || typeof source !== 'function') {
        return Promise.resolve(loaded);
      }
      loading ??= Promise.resolve()
        .then(source)
        .then((list) => {
          if (!isList(list)) {
            throw new Error('the loader gave no list (an object with registrableDomain)');
          }
          loaded = list;
          return list;
        })
        .catch((error: unknown) => {
          loading = undefined;
          const cause = error instanceof Error ? error.message : String(error);
          throw new Error(
            `The Public Suffix List could not be loaded (${cause}): the URL-mode request is refused rather than ` +
              'judged by the built-in excerpt. The next URL-mode request loads it again.',
            { cause: error },
          );
        });
      return loading;
    },
  };
}
