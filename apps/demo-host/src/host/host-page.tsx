import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { ConnectionStore, EraChoice } from './connections.js';
import { ElicitationNotice } from './elicitation-notice.js';
import { ProtocolLog } from './protocol-log.js';
import { SERVER_URL_PLACEHOLDER, initialServerUrl, noServerHint } from './demo-server.js';
import { ServerPanel } from './server-panel.js';
import { normalizeServerUrl } from './server-url.js';
import { ModesFieldset, type DeclaredModes } from '../shared/modes-fieldset.js';

/** Props of {@link HostPage}. */
export interface HostPageProps {
  store: ConnectionStore;
}

interface Prefill {
  server: string;
  relay: boolean;
  connect: boolean;
  era: EraChoice;
  modes: DeclaredModes;
}

const ERAS: readonly { value: EraChoice; label: string }[] = [
  { value: 'auto', label: 'Negotiate (auto)' },
  { value: 'modern', label: 'Modern (2026-07-28)' },
  { value: 'legacy', label: 'Legacy (2025-11-25)' },
];

/**
 * The query pre-fills the form (`npm run demo` prints such a link):
 * `?server=<url>` · `relay=1` · `connect=1` (connect on load) · `era=auto|modern|legacy` ·
 * `elicitation=form,url|form|url|none` (modes to declare).
 */
function readPrefill(): Prefill {
  const params = new URLSearchParams(window.location.search);
  const flag = (name: string): boolean => ['1', 'true', 'yes'].includes(params.get(name) ?? '');
  const era = ERAS.find((choice) => choice.value === params.get('era'))?.value ?? 'auto';
  const declared = (params.get('elicitation') ?? 'form,url').split(',').map((mode) => mode.trim());
  return {
    server: initialServerUrl(window.location.search),
    relay: flag('relay'),
    connect: flag('connect'),
    era,
    modes: { form: declared.includes('form'), url: declared.includes('url') },
  };
}

/** The MCP host: connect to servers, run their tools, answer their elicitations, watch the protocol log. */
export function HostPage({ store }: HostPageProps) {
  const servers = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [prefill] = useState(readPrefill);
  const [url, setUrl] = useState(prefill.server);
  const [viaRelay, setViaRelay] = useState(prefill.relay);
  const [era, setEra] = useState<EraChoice>(prefill.era);
  const [modes, setModes] = useState(prefill.modes);
  const [busy, setBusy] = useState(false);
  const [urlError, setUrlError] = useState<string | undefined>(undefined);
  // The card the user just asked for by pressing Connect: its heading takes focus (never on `?connect=1`).
  const [focusServerId, setFocusServerId] = useState<string | undefined>(undefined);
  const autoConnected = useRef(false);
  const urlInput = useRef<HTMLInputElement>(null);
  const urlId = useId();
  const urlErrorId = useId();
  const relayId = useId();
  const relayHelpId = useId();
  const eraId = useId();

  useEffect(() => {
    // `?connect=1`: connect once, with the pre-filled values, as soon as the page opens.
    if (prefill.connect && prefill.server !== '' && !autoConnected.current) {
      autoConnected.current = true;
      setBusy(true);
      void store
        .connect(prefill.server, { viaRelay: prefill.relay, era: prefill.era, modes: prefill.modes })
        .finally(() => setBusy(false));
    }
  }, [prefill, store]);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const normalized = normalizeServerUrl(url);
    if (!normalized.ok) {
      setUrlError(normalized.message);
      urlInput.current?.focus();
      return;
    }
    setUrlError(undefined);
    if (normalized.addedScheme !== undefined) {
      setUrl(normalized.url);
    }
    setBusy(true);
    void store.connect(normalized.url, { viaRelay, era, modes }).finally(() => setBusy(false));
    // `connect` lists the new card (status "connecting") last, before the handshake: focus it right away, as the
    // Connect button is disabled meanwhile.
    setFocusServerId(store.getSnapshot().at(-1)?.id);
  };

  return (
    <div className="host-page">
      <section className="card connect-card" aria-labelledby="connect-title">
        <h1 id="connect-title">Connect to an MCP server</h1>
        <form className="connect-form" onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={urlId}>Server URL</label>
            {/* type="text", not "url": the browser's own validation bubble would refuse `127.0.0.1:3901/mcp`, which
                normalizeServerUrl completes, and would say nothing useful about `ftp://…`. */}
            <input
              ref={urlInput}
              id={urlId}
              name="server"
              type="text"
              inputMode="url"
              placeholder={SERVER_URL_PLACEHOLDER}
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                setUrlError(undefined);
              }}
              autoComplete="url"
              autoCapitalize="off"
              spellCheck={false}
              aria-invalid={urlError !== undefined}
              aria-describedby={urlError !== undefined ? urlErrorId : undefined}
            />
            {urlError !== undefined && (
              <p id={urlErrorId} className="error">
                {urlError}
              </p>
            )}
          </div>
          <div className="field-inline">
            <input
              id={relayId}
              type="checkbox"
              checked={viaRelay}
              onChange={(event) => setViaRelay(event.target.checked)}
              aria-describedby={relayHelpId}
            />
            <label htmlFor={relayId}>Connect through the local relay</label>
          </div>
          <p id={relayHelpId} className="hint">
            For servers that send no CORS headers. The relay runs with this page and only forwards to loopback
            addresses.
          </p>
          <details className="connect-options">
            <summary>Protocol options</summary>
            <div className="field-inline">
              <label htmlFor={eraId}>Protocol era</label>
              <select id={eraId} value={era} onChange={(event) => setEra(event.target.value as EraChoice)}>
                {ERAS.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <ModesFieldset value={modes} onChange={setModes} />
          </details>
          <button type="submit" className="primary" disabled={busy}>
            Connect
          </button>
        </form>
      </section>

      {servers.length === 0 ? (
        <p className="empty">{noServerHint()}</p>
      ) : (
        <div className="servers">
          {servers.map((server) => (
            <ServerPanel key={server.id} server={server} store={store} focusHeading={server.id === focusServerId} />
          ))}
        </div>
      )}

      {/* What happened to a question that ended without the user: under the cards whose runs it concerns, in the
          page's flow (it covers nothing), and on this page only. */}
      <ElicitationNotice store={store} />

      <ProtocolLog store={store} />
    </div>
  );
}
