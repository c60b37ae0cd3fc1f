// Hash routes: stable URLs that work from a static server with no rewrites.
import { useSyncExternalStore } from 'react';

/** A page of the app. */
export type Route =
  | { page: 'host' }
  | { page: 'gallery'; fixture?: string }
  | { page: 'playground' }
  | { page: 'readme'; snippet: 'react' | 'root' }
  | { page: 'not-found'; hash: string };

/** `path` without its trailing slashes (a loop: `/\/+$/` would backtrack quadratically on a long run of slashes). */
function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') {
    end--;
  }
  return path.slice(0, end);
}

/** Reads a location hash (`#/gallery/form-06-enum-titled-single`). */
export function parseRoute(hash: string): Route {
  const path = trimTrailingSlashes(hash.startsWith('#') ? hash.slice(1) : hash);
  if (path === '' || path === '/') {
    return { page: 'host' };
  }
  if (path === '/playground') {
    return { page: 'playground' };
  }
  if (path === '/readme/react' || path === '/readme/root') {
    return { page: 'readme', snippet: path === '/readme/react' ? 'react' : 'root' };
  }
  if (path === '/gallery') {
    return { page: 'gallery' };
  }
  const gallery = /^\/gallery\/([a-z0-9-]+)$/i.exec(path);
  if (gallery?.[1] !== undefined) {
    return { page: 'gallery', fixture: gallery[1] };
  }
  return { page: 'not-found', hash };
}

/** The href of a route, for links. */
export function hrefOf(route: Route): string {
  switch (route.page) {
    case 'host':
      return '#/';
    case 'playground':
      return '#/playground';
    case 'gallery':
      return route.fixture === undefined ? '#/gallery' : `#/gallery/${route.fixture}`;
    case 'readme':
      return `#/readme/${route.snippet}`;
    case 'not-found':
      return route.hash;
    default:
      return route satisfies never;
  }
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** The current hash, kept in sync with the address bar. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}
