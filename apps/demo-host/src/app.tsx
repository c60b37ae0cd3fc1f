import { createElicitationQueue } from '@elicitation-kit/core';
import { lazy, Suspense, useMemo } from 'react';
import { HostPage } from './host/host-page.js';
import { createConnectionStore } from './host/connections.js';
import { ElicitationOutlet } from './host/elicitation-outlet.js';
import { PlaygroundPage } from './playground/playground-page.js';
import { ReadmePage } from './readme/readme-page.js';
import { parseRoute, useHash } from './router.js';
import { useTheme } from './theme.js';

/** The chat host (apps/chat-host), an AI SDK chat on its backend: `npm run demo` starts it and passes its URL. */
const CHAT_HOST_URL = import.meta.env.VITE_CHAT_HOST_URL ?? 'http://127.0.0.1:5174/';

// The gallery brings two design systems (MUI, Ant Design) for its rjsf themes: loaded when it is first opened.
const GalleryPage = lazy(() => import('./gallery/gallery-page.js').then((module) => ({ default: module.GalleryPage })));

/** The demo host: the MCP host page, the gallery of fixtures and the playground. */
export function App() {
  const hash = useHash();
  const route = parseRoute(hash);
  const [theme, toggleTheme] = useTheme();
  // One queue and one set of connections for the app's lifetime: they survive page switches.
  const queue = useMemo(() => createElicitationQueue(), []);
  const store = useMemo(() => createConnectionStore(queue), [queue]);

  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href="#/">
          Elicitation Kit <span className="brand-sub">demo host</span>
        </a>
        <nav aria-label="Main">
          <ul>
            <li>
              <a href="#/" aria-current={route.page === 'host' ? 'page' : undefined}>
                Host
              </a>
            </li>
            <li>
              <a href="#/gallery" aria-current={route.page === 'gallery' ? 'page' : undefined}>
                Gallery
              </a>
            </li>
            <li>
              <a href="#/playground" aria-current={route.page === 'playground' ? 'page' : undefined}>
                Playground
              </a>
            </li>
            <li>
              <a href={CHAT_HOST_URL}>Chat host</a>
            </li>
          </ul>
        </nav>
        <button type="button" className="theme-toggle" aria-pressed={theme === 'dark'} onClick={toggleTheme}>
          Dark theme
        </button>
      </header>
      <main className="app-main">
        {/* The host page stays mounted so connections, running calls and dialogs survive navigation. */}
        <div hidden={route.page !== 'host'}>
          <HostPage store={store} />
        </div>
        {route.page === 'gallery' && (
          <Suspense fallback={<p className="hint">Loading the gallery…</p>}>
            <GalleryPage fixtureId={route.fixture} scheme={theme} />
          </Suspense>
        )}
        {route.page === 'playground' && <PlaygroundPage />}
        {route.page === 'readme' && <ReadmePage snippet={route.snippet} />}
        {route.page === 'not-found' && (
          <section aria-labelledby="not-found-title">
            <h1 id="not-found-title">Page not found</h1>
            <p>
              Nothing lives at <code>{route.hash}</code>. Go to the <a href="#/">host</a>, the{' '}
              <a href="#/gallery">gallery</a> or the <a href="#/playground">playground</a>.
            </p>
          </section>
        )}
      </main>
      {/* Server elicitations open on every page: a server that asks must not wait for the user to come back. What
          happened to a question that ended without the user is told on the host page only (HostPage's notice). */}
      <ElicitationOutlet queue={queue} />
    </div>
  );
}
