import {
  initialValues,
  parseElicitation,
  toContent,
  validateValues,
  type ElicitResult,
  type FormValues,
  type ValidationIssue,
  type ParsedElicitation,
  type ProtocolVersion,
} from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import { useMemo, useState } from 'react';
import { hrefOf } from '../router.js';
import { CodeBlock, JsonBlock } from '../shared/json-block.js';
import { ProtocolVersionSelect } from '../shared/protocol-version-select.js';
import { fixtures, findFixture, type GalleryFixture } from './fixtures.js';
import { fixtureSnippet } from './snippet.js';
import { ThemePanel, themeStyle, type ThemeOverrides } from './theme-panel.js';

const GROUPS: readonly { group: GalleryFixture['group']; title: string }[] = [
  { group: 'form', title: 'Form mode' },
  { group: 'url', title: 'URL mode' },
  { group: 'invalid', title: 'Refused by the client' },
];

function FixtureNav({ current }: { current: string | undefined }) {
  return (
    <nav aria-label="Fixtures" className="fixture-nav">
      {GROUPS.map(({ group, title }) => (
        <div key={group}>
          <h2>{title}</h2>
          <ul>
            {fixtures
              .filter((fixture) => fixture.group === group)
              .map((fixture) => (
                <li key={fixture.id}>
                  <a
                    href={hrefOf({ page: 'gallery', fixture: fixture.id })}
                    aria-current={fixture.id === current ? 'page' : undefined}
                  >
                    {fixture.id}
                  </a>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * What "Accept" would send right now, live: the values typed so far (the defaults before any edit), or nothing for
 * URL mode. When the values do not pass core's validation, Accept is blocked: the issues say why.
 */
function liveAnswer(
  request: ParsedElicitation,
  values: FormValues | undefined,
): { answer: ElicitResult; issues: ValidationIssue[] } {
  if (request.mode !== 'form') return { answer: { action: 'accept' }, issues: [] };
  const current = values ?? initialValues(request.fields);
  const issues = validateValues(request.fields, current);
  return { answer: { action: 'accept', content: toContent(request.fields, current) }, issues };
}

interface FixturePreviewProps {
  fixture: GalleryFixture;
  theme: ThemeOverrides;
  onThemeChange: (theme: ThemeOverrides) => void;
}

function FixturePreview({ fixture, theme, onThemeChange }: FixturePreviewProps) {
  const [protocolVersion, setProtocolVersion] = useState<ProtocolVersion | undefined>(fixture.protocolVersion);
  const [answer, setAnswer] = useState<ElicitResult | undefined>(undefined);
  const [values, setValues] = useState<FormValues | undefined>(undefined);
  const [round, setRound] = useState(0);
  // Parsed once per fixture and era: a new request object would make the dialog treat each render as a new request.
  const parsed = useMemo(
    () => parseElicitation(fixture.params, protocolVersion !== undefined ? { protocolVersion } : {}),
    [fixture.params, protocolVersion],
  );
  const live = parsed.ok ? liveAnswer(parsed.request, values) : undefined;
  const index = fixtures.indexOf(fixture);
  const previous = fixtures[index - 1];
  const next = fixtures[index + 1];

  return (
    <article className="fixture" aria-labelledby="fixture-title">
      <header className="fixture-head">
        <h1 id="fixture-title">{fixture.id}</h1>
        <p className="fixture-file">
          <code>fixtures/examples/{fixture.file}</code>
        </p>
        {fixture.why !== undefined && <p className="fixture-why">{fixture.why}</p>}
        <ProtocolVersionSelect
          value={protocolVersion}
          onChange={(value) => {
            setProtocolVersion(value);
            setAnswer(undefined);
            setValues(undefined);
            setRound((current) => current + 1);
          }}
        />
      </header>

      {parsed.ok ? (
        <div className="fixture-body">
          <div className="preview-stage">
            {answer === undefined ? (
              <ElicitationDialog
                key={`${fixture.id}-${round}`}
                className="gallery-dialog"
                style={themeStyle(theme)}
                request={parsed.request}
                server={{ name: 'Gallery preview' }}
                onRespond={(result) => setAnswer(result)}
                onValuesChange={setValues}
                // Inside the modal, so it can be used while the dialog is open (the page behind it is inert).
                footer={<ThemePanel value={theme} onChange={onThemeChange} />}
              />
            ) : (
              <>
                <output className="status">
                  Answered with <strong>{answer.action}</strong>.
                </output>
                <button
                  type="button"
                  onClick={() => {
                    setAnswer(undefined);
                    setValues(undefined);
                    setRound((current) => current + 1);
                  }}
                >
                  Show the dialog again
                </button>
              </>
            )}
          </div>
          <section className="card" aria-labelledby="elicit-result-title">
            <h2 id="elicit-result-title">Result preview</h2>
            <p className="hint">
              {answer === undefined
                ? 'What "Accept" would send with the values as they are now (live). Answer the dialog to see the real result.'
                : 'What the client sends back to the server.'}
            </p>
            <JsonBlock value={answer ?? live?.answer} label="ElicitResult" className="elicit-result" />
            {answer === undefined && live !== undefined && live.issues.length > 0 && (
              <>
                <h3>Accept is blocked until</h3>
                <ul className="warnings" aria-label="Validation issues">
                  {live.issues.map((issue) => (
                    <li key={`${issue.field}-${issue.code}`}>
                      <code>{issue.field}</code> {issue.message}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {parsed.request.warnings.length > 0 && (
              <>
                <h3>Warnings</h3>
                <ul className="warnings">
                  {parsed.request.warnings.map((warning) => (
                    <li key={`${warning.path}-${warning.code}`}>
                      <code>{warning.path}</code> {warning.message}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      ) : (
        <section className="card refused" aria-labelledby="refused-title">
          <h2 id="refused-title">The client refuses this request</h2>
          <p>It answers with this JSON-RPC error instead of showing a dialog:</p>
          <JsonBlock
            value={{ jsonrpc: '2.0', id: fixture.requestId, error: parsed.error }}
            label="Error response"
            className="error-json"
          />
        </section>
      )}

      <details className="card">
        <summary>Request JSON</summary>
        <JsonBlock value={fixture.request} label="Request JSON" />
      </details>

      <details className="card">
        <summary>Code: show this request in your host</summary>
        <CodeBlock
          text={fixtureSnippet({ params: fixture.params, protocolVersion, refused: !parsed.ok })}
          label="Code snippet"
          className="json"
        />
      </details>

      <nav aria-label="Fixture pages" className="pager">
        {previous !== undefined && (
          <a href={hrefOf({ page: 'gallery', fixture: previous.id })} rel="prev">
            ← {previous.id}
          </a>
        )}
        {next !== undefined && (
          <a href={hrefOf({ page: 'gallery', fixture: next.id })} rel="next">
            {next.id} →
          </a>
        )}
      </nav>
    </article>
  );
}

/** Every spec fixture as its own page (`#/gallery/<fixture id>`), rendered as a client would show it. */
export function GalleryPage({ fixtureId }: { fixtureId: string | undefined }) {
  const fixture = fixtureId === undefined ? undefined : findFixture(fixtureId);
  // Kept across fixtures: compare one theme on every shape.
  const [theme, setTheme] = useState<ThemeOverrides>({});
  return (
    <div className="gallery">
      <FixtureNav current={fixture?.id} />
      <div className="gallery-main">
        {fixtureId === undefined && (
          <section aria-labelledby="gallery-title">
            <h1 id="gallery-title">Gallery</h1>
            <p>
              Every schema shape from the specification's examples, rendered exactly as a host using the kit shows it,
              with the ElicitResult the answer produces. Pick a fixture on the left.
            </p>
          </section>
        )}
        {fixtureId !== undefined && fixture === undefined && (
          <section aria-labelledby="gallery-missing">
            <h1 id="gallery-missing">No fixture named {fixtureId}</h1>
            <p>Pick one from the list.</p>
          </section>
        )}
        {fixture !== undefined && (
          <FixturePreview key={fixture.id} fixture={fixture} theme={theme} onThemeChange={setTheme} />
        )}
      </div>
    </div>
  );
}
