import type { CallToolResult, Progress, Tool } from '@modelcontextprotocol/client';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { ConnectionStore, ServerConnection } from './connections.js';
import { describeError } from './events.js';
import { progressWords } from './progress.js';
import { defaultArguments, parseArguments } from './tool-args.js';
import { plural } from '../shared/plural.js';

type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; tool: string; progress?: Progress }
  | { kind: 'done'; tool: string; result: CallToolResult }
  | { kind: 'failed'; tool: string; message: string }
  | { kind: 'url-required'; tool: string; message: string; count: number };

/** Props of {@link ServerPanel}. */
export interface ServerPanelProps {
  server: ServerConnection;
  store: ConnectionStore;
  /**
   * Move keyboard focus to the card's heading: the host sets it for the server the user just asked to connect to,
   * so the next Tab presses reach its tools. Focus moves when the card mounts or when this turns true.
   * @default false
   */
  focusHeading?: boolean;
}

/** Props of {@link ToolBar}. */
interface ToolBarProps {
  tools: readonly Tool[];
  /** The name of the selected (pressed) tool. */
  selected: string | undefined;
  onSelect: (tool: Tool) => void;
}

/** The key that moves focus inside the toolbar, and where to. */
function targetIndex(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** Arrow keys, Home and End on a tool: focus the tool they point to. Modified keys stay the browser's. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const current = buttons.findIndex((button) => button === event.target);
  const next = current === -1 ? undefined : targetIndex(event.key, current, buttons.length);
  if (next !== undefined) {
    event.preventDefault();
    buttons[next]?.focus();
  }
}

/**
 * The server's tools as one Tab stop (`role="toolbar"`, roving tabindex): Tab enters on the pressed tool, else the
 * first; the arrow keys (wrapping), Home and End move focus only; Space or Enter selects (`aria-pressed`).
 */
function ToolBar({ tools, selected, onSelect }: ToolBarProps) {
  // The tool focused inside the toolbar holds the Tab stop until focus leaves it, so Shift+Tab leaves too.
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const names = tools.map((tool) => tool.name);
  const stop = [focused, selected].find((name) => name !== undefined && names.includes(name)) ?? names[0];

  const onBlur = (event: FocusEvent<HTMLDivElement>): void => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
      setFocused(undefined);
    }
  };

  return (
    // The container is no Tab stop of its own (WAI-ARIA toolbar pattern): its buttons are, one at a time.
    // oxlint-disable-next-line jsx-a11y/interactive-supports-focus
    <div
      role="toolbar"
      aria-label="Tools"
      aria-orientation="horizontal"
      className="tool-list"
      onKeyDown={moveFocus}
      onBlur={onBlur}
    >
      {tools.map((tool) => (
        <button
          key={tool.name}
          type="button"
          className="tool-button"
          tabIndex={tool.name === stop ? 0 : -1}
          aria-pressed={tool.name === selected}
          onFocus={() => setFocused(tool.name)}
          onClick={() => onSelect(tool)}
        >
          {tool.name}
        </button>
      ))}
    </div>
  );
}

function ResultContent({ result }: { result: CallToolResult }) {
  return (
    <>
      {result.isError === true && <p className="result-error-flag">The tool reported an error.</p>}
      {result.content.map((item, index) => (
        // Content items have no identity besides their position in the result.
        <div key={index} className="result-item">
          {item.type === 'text' ? (
            <pre className="result-text">{item.text}</pre>
          ) : (
            <pre>{JSON.stringify(item, null, 2)}</pre>
          )}
        </div>
      ))}
      {result.structuredContent !== undefined && (
        <details>
          <summary>Structured content</summary>
          <pre>{JSON.stringify(result.structuredContent, null, 2)}</pre>
        </details>
      )}
    </>
  );
}

/** Props of {@link SignInBox}. */
interface SignInBoxProps {
  server: ServerConnection;
  store: ConnectionStore;
}

/** The popup's size: enough for an authorization server's login and consent pages. */
const POPUP_FEATURES = 'popup,width=520,height=700';

/**
 * Sign-in for a server that asked for it: who signs in and for which scopes, then "Sign in" (a popup the relay sends
 * to the authorization server; the tokens stay in the relay); once signed in, "Sign out".
 */
function SignInBox({ server, store }: SignInBoxProps) {
  const [busy, setBusy] = useState(false);
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const clientIdId = useId();
  const clientSecretId = useId();
  const offer = server.signIn;
  if (offer === undefined) {
    return null;
  }
  if (offer.signedIn) {
    return (
      <div className="sign-in" data-testid="sign-in">
        <p>
          Signed in at <code>{offer.authorizationServer}</code>. The local relay keeps the tokens for this browser
          session.
        </p>
        <button type="button" onClick={() => void store.signOut(server.id)}>
          Sign out
        </button>
      </div>
    );
  }
  const start = (): void => {
    if (busy) return;
    // Opened by the click itself, so no popup blocker stops it; the relay then sends it to the authorization server.
    const popup = window.open('about:blank', 'elicitation-kit-sign-in', POPUP_FEATURES);
    const client =
      clientId.trim() === ''
        ? undefined
        : { clientId: clientId.trim(), ...(clientSecret === '' ? {} : { clientSecret }) };
    setBusy(true);
    void store.signIn(server.id, popup, client).finally(() => setBusy(false));
  };
  return (
    <div className="sign-in" data-testid="sign-in">
      <p>This server needs you to sign in.</p>
      <dl className="server-facts">
        <div>
          <dt>Authorization server</dt>
          <dd>
            <code data-testid="sign-in-issuer">{offer.authorizationServer}</code>
          </dd>
        </div>
        <div>
          <dt>Scopes</dt>
          <dd data-testid="sign-in-scopes">{offer.scopes.length === 0 ? 'none listed' : offer.scopes.join(' ')}</dd>
        </div>
      </dl>
      <details>
        <summary>Use a client registered with this server</summary>
        <p className="hint">
          For servers that do not let clients register themselves. Register an OAuth app with the server’s owner, with
          the redirect URI <code>{`${window.location.origin}/relay-sign-in/callback`}</code>. The secret stays in the
          local relay.
        </p>
        <div className="field">
          <label htmlFor={clientIdId}>Client ID</label>
          <input
            id={clientIdId}
            value={clientId}
            autoComplete="off"
            onChange={(event) => setClientId(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={clientSecretId}>Client secret (optional)</label>
          <input
            id={clientSecretId}
            type="password"
            value={clientSecret}
            autoComplete="off"
            onChange={(event) => setClientSecret(event.target.value)}
          />
        </div>
      </details>
      <button type="button" className="primary" aria-disabled={busy} onClick={start}>
        Sign in
      </button>
      {busy && <output className="status">Finish signing in in the window that opened…</output>}
    </div>
  );
}

/** One connected server: its identity and era, its tools, the argument editor, the run and its result. */
export function ServerPanel({ server, store, focusHeading = false }: ServerPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const argsId = useId();
  const argsErrorId = useId();
  const resultId = useId();
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [args, setArgs] = useState('{}');
  const [argsError, setArgsError] = useState<string | undefined>(undefined);
  const [run, setRun] = useState<RunState>({ kind: 'idle' });
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(new Error('The host left the page.')), []);
  useEffect(() => {
    if (focusHeading) {
      heading.current?.focus();
    }
  }, [focusHeading]);

  const tool: Tool | undefined = server.tools.find((candidate) => candidate.name === selected);

  const select = (next: Tool): void => {
    setSelected(next.name);
    setArgs(JSON.stringify(defaultArguments(next.inputSchema), null, 2));
    setArgsError(undefined);
    setRun({ kind: 'idle' });
  };

  const execute = async (): Promise<void> => {
    if (tool === undefined) {
      return;
    }
    const parsed = parseArguments(args);
    if (!parsed.ok) {
      setArgsError(parsed.message);
      return;
    }
    setArgsError(undefined);
    const controller = new AbortController();
    abort.current = controller;
    setRun({ kind: 'running', tool: tool.name });
    try {
      const result = await store.callTool(server.id, tool.name, parsed.value, {
        signal: controller.signal,
        onProgress: (progress) => setRun({ kind: 'running', tool: tool.name, progress }),
      });
      setRun({ kind: 'done', tool: tool.name, result });
    } catch (error) {
      const count = await store.surfaceUrlRequired(server.id, error);
      setRun(
        count > 0
          ? { kind: 'url-required', tool: tool.name, message: describeError(error), count }
          : { kind: 'failed', tool: tool.name, message: describeError(error) },
      );
    } finally {
      if (abort.current === controller) {
        abort.current = undefined;
      }
    }
  };

  const running = run.kind === 'running';
  const progress = run.kind === 'running' ? run.progress : undefined;

  return (
    <section className="card server" aria-labelledby={headingId} data-status={server.status}>
      <div className="card-head">
        {/* tabIndex -1: focusable by the host (after Connect), not a Tab stop of its own. */}
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {server.title ?? server.name}
        </h2>
        <button type="button" onClick={() => void store.disconnect(server.id)}>
          Disconnect
        </button>
      </div>
      <dl className="server-facts">
        {server.title !== undefined && (
          <div>
            <dt>Name</dt>
            <dd>{server.name}</dd>
          </div>
        )}
        <div>
          <dt>Status</dt>
          <dd data-testid="server-status">{server.status}</dd>
        </div>
        {server.era !== undefined && (
          <div>
            <dt>Era</dt>
            <dd>
              <span className="badge" data-era={server.era} data-testid="server-era">
                {server.era}
              </span>
            </dd>
          </div>
        )}
        <div>
          <dt>Elicitation</dt>
          <dd data-testid="server-elicitation-modes">
            {[server.modes.form && 'form', server.modes.url && 'url'].filter(Boolean).join(', ') || 'not declared'}
          </dd>
        </div>
        {server.protocolVersion !== undefined && (
          <div>
            <dt>Protocol version</dt>
            <dd data-testid="server-protocol-version">{server.protocolVersion}</dd>
          </div>
        )}
        {server.version !== undefined && (
          <div>
            <dt>Server version</dt>
            <dd>{server.version}</dd>
          </div>
        )}
        <div>
          <dt>URL</dt>
          <dd>
            <code>{server.url}</code>
            {server.viaRelay && <span className="badge">via relay</span>}
          </dd>
        </div>
      </dl>
      {server.status === 'connecting' && <output className="status">Connecting…</output>}
      {server.status === 'failed' && (
        <p role="alert" className="error">
          Could not connect: {server.error}
        </p>
      )}
      {server.status === 'closed' && <output className="status">The connection is closed.</output>}
      {(server.status === 'failed' || server.status === 'connected') && <SignInBox server={server} store={store} />}

      {server.status === 'connected' && (
        <div className="tools">
          <h3>Tools</h3>
          {server.tools.length === 0 ? (
            <p className="empty">This server lists no tools.</p>
          ) : (
            <ToolBar tools={server.tools} selected={selected} onSelect={select} />
          )}

          {tool !== undefined && (
            <div className="tool-runner">
              <h4>{tool.title ?? tool.name}</h4>
              {tool.description !== undefined && <p className="tool-description">{tool.description}</p>}
              <div className="field">
                <label htmlFor={argsId}>Arguments</label>
                <textarea
                  id={argsId}
                  className="code"
                  rows={Math.min(12, Math.max(3, args.split('\n').length))}
                  value={args}
                  spellCheck={false}
                  aria-invalid={argsError !== undefined}
                  aria-describedby={argsError !== undefined ? argsErrorId : undefined}
                  onChange={(event) => setArgs(event.target.value)}
                />
                {argsError !== undefined && (
                  <p id={argsErrorId} className="error">
                    {argsError}
                  </p>
                )}
              </div>
              <div className="actions">
                {/* aria-disabled, not disabled: a disabled button drops keyboard focus to <body>, and focus could
                    never come back to Run after the dialog closes. Activation is ignored while running. */}
                <button
                  type="button"
                  className="primary"
                  aria-disabled={running}
                  onClick={() => {
                    if (!running) void execute();
                  }}
                >
                  Run
                </button>
                {running && (
                  <button type="button" onClick={() => abort.current?.abort(new Error('Stopped by the user.'))}>
                    Stop
                  </button>
                )}
              </div>
              {running && (
                <output className="progress">
                  <progress
                    aria-label="Progress"
                    {...(progress?.total !== undefined ? { max: progress.total, value: progress.progress } : {})}
                  />
                  <span>
                    Running {run.tool}…{progress !== undefined && ` ${progressWords(progress)}`}
                  </span>
                </output>
              )}
              {/* Named by its visible heading, one level under the tool's (h2 server, h3 Tools, h4 tool). */}
              <section aria-labelledby={resultId} className="result" aria-busy={running}>
                <h5 id={resultId} className="result-title">
                  Result
                </h5>
                {run.kind === 'idle' && <p className="empty">Run the tool to see its result.</p>}
                {run.kind === 'running' && (
                  <p className="empty">
                    {server.modes.url
                      ? 'Waiting for the server to finish the tool. If it asked you to open a page, finish there; the server tells this host when you are done.'
                      : 'Waiting for the server to finish the tool.'}
                  </p>
                )}
                {run.kind === 'done' && <ResultContent result={run.result} />}
                {run.kind === 'failed' && <p className="error">{run.message}</p>}
                {run.kind === 'url-required' && (
                  <div className="url-required">
                    <p>
                      The server needs you to complete {run.count === 1 ? 'a step' : plural(run.count, 'step')} in your
                      browser first (it answered {run.message}). Open the link in the dialog, then retry.
                    </p>
                    <button type="button" className="primary" onClick={() => void execute()}>
                      Retry
                    </button>
                  </div>
                )}
              </section>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
