import {
  parseElicitation,
  publicSuffixListLoader,
  type ElicitationMode,
  type ElicitResult,
  type ParseOptions,
  type ProtocolVersion,
} from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { playgroundExamples } from '../gallery/fixtures.js';
import { IssueList } from '../shared/issue-list.js';
import { JsonBlock } from '../shared/json-block.js';
import { ModesFieldset, type DeclaredModes } from '../shared/modes-fieldset.js';
import { ProtocolVersionSelect } from '../shared/protocol-version-select.js';
import { extractRequests } from './extract.js';
import { plural } from '../shared/plural.js';
import { loadPublicSuffixList } from '../shared/public-suffix.js';

/** The real Public Suffix List, loaded when the first URL-mode request is previewed (a form never loads it). */
const siteList = publicSuffixListLoader(loadPublicSuffixList);

const FIRST_EXAMPLE = playgroundExamples.find((example) => example.id === 'form-06-enum-titled-single');
const INITIAL_TEXT = JSON.stringify(
  FIRST_EXAMPLE !== undefined && typeof FIRST_EXAMPLE.json === 'object' && FIRST_EXAMPLE.json !== null
    ? (FIRST_EXAMPLE.json as { params?: unknown }).params
    : {},
  null,
  2,
);

/**
 * Paste `elicitation/create` params, a JSON-RPC request or an `input_required` result and see what a client using
 * the kit shows, request after request, or the exact `-32602` error it would send instead.
 */
export function PlaygroundPage() {
  const textId = useId();
  const exampleId = useId();
  const warningsId = useId();
  const [modes, setModes] = useState<DeclaredModes>({ form: true, url: true });
  const [text, setText] = useState(INITIAL_TEXT);
  const [override, setOverride] = useState<{ value: ProtocolVersion | undefined } | undefined>(undefined);
  const [answers, setAnswers] = useState<readonly ElicitResult[]>([]);
  const [round, setRound] = useState(0);
  // The dialog is modal (the page behind it is inert), so it opens on request, never while the user types.
  const [showing, setShowing] = useState(false);

  const extraction = useMemo(() => extractRequests(text), [text]);
  const protocolVersion =
    override !== undefined ? override.value : extraction.ok ? extraction.protocolVersion : undefined;
  const restart = (): void => {
    setAnswers([]);
    setShowing(false);
    setRound((current) => current + 1);
  };

  const index = answers.length;
  const current = extraction.ok ? extraction.requests[index] : undefined;
  const declared: ElicitationMode[] = [
    ...(modes.form ? (['form'] as const) : []),
    ...(modes.url ? (['url'] as const) : []),
  ];
  const publicSuffixList = siteList.current();
  const options: ParseOptions = {
    modes: declared,
    ...(publicSuffixList !== undefined ? { publicSuffixList } : {}),
    ...(protocolVersion !== undefined ? { protocolVersion } : {}),
  };
  // A URL-mode request is judged by the real list, never by the excerpt: previewed once it has loaded (not loaded for
  // one refused anyway, URL mode undeclared).
  const waitsForList = modes.url && current !== undefined && siteList.pendingFor(current.params);
  const [listFailure, setListFailure] = useState<string | undefined>(undefined);
  const [, setListLoaded] = useState(false);
  const loadList = useCallback((): void => {
    siteList.load().then(
      () => {
        setListFailure(undefined);
        setListLoaded(true);
      },
      (error: unknown) => setListFailure(error instanceof Error ? error.message : String(error)),
    );
  }, []);
  useEffect(() => {
    if (waitsForList) {
      loadList();
    }
  }, [waitsForList, loadList]);
  const parsed = current === undefined || waitsForList ? undefined : parseElicitation(current.params, options);

  return (
    <div className="playground">
      <section className="card playground-input" aria-labelledby="playground-title">
        <h1 id="playground-title">Playground</h1>
        <p className="hint">
          Paste <code>elicitation/create</code> params, a whole JSON-RPC request, or a 2026-07-28{' '}
          <code>input_required</code> result. The preview updates as you type.
        </p>
        <div className="field-inline">
          <label htmlFor={exampleId}>Load an example</label>
          <select
            id={exampleId}
            value=""
            onChange={(event) => {
              const example = playgroundExamples.find((candidate) => candidate.id === event.target.value);
              if (example !== undefined) {
                setText(JSON.stringify(example.json, null, 2));
                setOverride(undefined);
                restart();
              }
            }}
          >
            <option value="">Choose…</option>
            {playgroundExamples.map((example) => (
              <option key={example.id} value={example.id}>
                {example.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={textId}>Elicitation request JSON</label>
          <textarea
            id={textId}
            className="code"
            rows={18}
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              restart();
            }}
          />
        </div>
        <ProtocolVersionSelect
          value={protocolVersion}
          onChange={(value) => {
            setOverride({ value });
            restart();
          }}
        />
        <ModesFieldset
          value={modes}
          onChange={(value) => {
            setModes(value);
            restart();
          }}
        />
      </section>

      <section className="card playground-output" aria-labelledby="playground-output-title">
        <h2 id="playground-output-title">What the client does</h2>
        {!extraction.ok && (
          <p className="error" role="alert">
            {extraction.message}
          </p>
        )}
        {extraction.ok && waitsForList && (
          <p className={listFailure === undefined ? 'hint' : 'error'}>
            <output>{listFailure ?? 'Loading the Public Suffix List to judge this link…'}</output>
            {listFailure !== undefined && (
              <button type="button" onClick={loadList}>
                Try again
              </button>
            )}
          </p>
        )}
        {extraction.ok && (
          <>
            <p className="hint">
              {extraction.source === 'input-required'
                ? `An input_required result with ${plural(extraction.requests.length, 'elicitation')}: they are shown in turn.`
                : extraction.source === 'request'
                  ? 'A JSON-RPC elicitation/create request.'
                  : 'elicitation/create params.'}
              {extraction.skipped.length > 0 &&
                ` Not elicitations (ignored here): ${extraction.skipped.map((entry) => `${entry.key} (${entry.method})`).join(', ')}.`}
            </p>
            {extraction.source === 'input-required' && current !== undefined && (
              <output className="status">
                {extraction.requests.length > 1 && `Request ${index + 1} of ${extraction.requests.length}: `}
                <code>{current.key}</code>
              </output>
            )}
            {parsed !== undefined && parsed.ok && current !== undefined && (
              <div className="preview-stage">
                <button type="button" className="primary" onClick={() => setShowing(true)}>
                  Show dialog
                </button>
                {showing && (
                  <ElicitationDialog
                    key={`${round}-${index}`}
                    request={parsed.request}
                    server={{ name: 'Playground' }}
                    pendingCount={extraction.requests.length - index - 1}
                    onRespond={(result) => setAnswers((previous) => [...previous, result])}
                  />
                )}
                {parsed.request.warnings.length > 0 && (
                  <div className="playground-warnings">
                    <h3 id={warningsId}>{parsed.request.warnings.length === 1 ? 'Warning' : 'Warnings'}</h3>
                    <IssueList
                      labelledBy={warningsId}
                      issues={parsed.request.warnings.map((warning) => ({
                        key: `${warning.path}-${warning.code}`,
                        where: warning.path,
                        message: warning.message,
                      }))}
                    />
                  </div>
                )}
              </div>
            )}
            {parsed !== undefined && !parsed.ok && (
              <div className="refused">
                <p>
                  {extraction.source === 'input-required'
                    ? 'The client refuses this entry: the call fails locally with this error (nothing is sent).'
                    : extraction.source === 'request'
                      ? 'The client refuses this request and sends back this error response:'
                      : 'The client refuses this request and answers its id with this JSON-RPC error:'}
                </p>
                <JsonBlock
                  value={
                    extraction.source === 'request'
                      ? { jsonrpc: '2.0', id: extraction.id ?? null, error: parsed.error }
                      : parsed.error
                  }
                  label="Error response"
                  className="error-json"
                />
              </div>
            )}
            {answers.length > 0 && (
              <div className="answers">
                <h3>{extraction.source === 'input-required' ? 'Retry with' : 'ElicitResult'}</h3>
                <JsonBlock
                  label="ElicitResult"
                  className="elicit-result"
                  value={
                    extraction.source === 'input-required'
                      ? {
                          inputResponses: Object.fromEntries(
                            answers.map((answer, at) => [extraction.requests[at]?.key ?? String(at), answer]),
                          ),
                          ...(extraction.requestState !== undefined ? { requestState: extraction.requestState } : {}),
                        }
                      : extraction.source === 'request'
                        ? { jsonrpc: '2.0', id: extraction.id ?? null, result: answers[0] }
                        : answers[0]
                  }
                />
                {/* Back to before the first answer; the dialog opens again only on "Show dialog". */}
                <button type="button" onClick={restart}>
                  Start over
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
