import type { CallToolResult, Progress, Tool } from '@modelcontextprotocol/client';
import { useEffect, useId, useRef, useState } from 'react';
import type { ConnectionStore, ServerConnection } from './connections.js';
import { describeError } from './events.js';
import { defaultArguments, parseArguments } from './tool-args.js';

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

/** One connected server: its identity and era, its tools, the argument editor, the run and its result. */
export function ServerPanel({ server, store }: ServerPanelProps) {
  const headingId = useId();
  const argsId = useId();
  const argsErrorId = useId();
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [args, setArgs] = useState('{}');
  const [argsError, setArgsError] = useState<string | undefined>(undefined);
  const [run, setRun] = useState<RunState>({ kind: 'idle' });
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(new Error('The host left the page.')), []);

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
      const count = store.surfaceUrlRequired(server.id, error);
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
        <h2 id={headingId}>{server.title ?? server.name}</h2>
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
          {!server.viaRelay && ' If the server sends no CORS headers, try "Connect through the local relay".'}
        </p>
      )}
      {server.status === 'closed' && <output className="status">The connection is closed.</output>}

      {server.status === 'connected' && (
        <div className="tools">
          <h3>Tools</h3>
          {server.tools.length === 0 ? (
            <p className="empty">This server lists no tools.</p>
          ) : (
            <ul className="tool-list">
              {server.tools.map((candidate) => (
                <li key={candidate.name}>
                  <button
                    type="button"
                    className="tool-button"
                    aria-pressed={candidate.name === selected}
                    onClick={() => select(candidate)}
                  >
                    {candidate.name}
                  </button>
                </li>
              ))}
            </ul>
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
                    Running {run.tool}…
                    {progress !== undefined &&
                      ` ${progress.progress}${progress.total !== undefined ? ` / ${progress.total}` : ''}`}
                    {progress?.message !== undefined && ` ${progress.message}`}
                  </span>
                </output>
              )}
              <section aria-label="Result" className="result" aria-busy={running}>
                {run.kind === 'idle' && <p className="empty">Run the tool to see its result.</p>}
                {run.kind === 'running' && <p className="empty">Waiting for the server…</p>}
                {run.kind === 'done' && <ResultContent result={run.result} />}
                {run.kind === 'failed' && <p className="error">{run.message}</p>}
                {run.kind === 'url-required' && (
                  <div className="url-required">
                    <p>
                      The server needs you to complete {run.count === 1 ? 'a step' : `${run.count} steps`} in your
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
