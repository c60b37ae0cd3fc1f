import {
  initialValues,
  parseElicitation,
  toContent,
  type ElicitResult,
  type ParsedElicitation,
  type ProtocolVersion,
} from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import { useState } from 'react';
import { hrefOf } from '../router.js';
import { JsonBlock } from '../shared/json-block.js';
import { ProtocolVersionSelect } from '../shared/protocol-version-select.js';
import { fixtures, findFixture, type GalleryFixture } from './fixtures.js';

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

/** What accepting right now would send: the defaults (or nothing, for URL mode). */
function defaultAnswer(request: ParsedElicitation): ElicitResult {
  return request.mode === 'form'
    ? { action: 'accept', content: toContent(request.fields, initialValues(request.fields)) }
    : { action: 'accept' };
}

function FixturePreview({ fixture }: { fixture: GalleryFixture }) {
  const [protocolVersion, setProtocolVersion] = useState<ProtocolVersion | undefined>(fixture.protocolVersion);
  const [answer, setAnswer] = useState<ElicitResult | undefined>(undefined);
  const [round, setRound] = useState(0);
  const parsed = parseElicitation(fixture.params, protocolVersion !== undefined ? { protocolVersion } : {});
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
                request={parsed.request}
                server={{ name: 'Gallery preview' }}
                onRespond={(result) => setAnswer(result)}
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
                ? 'What "Accept" with the current defaults would send. Answer the dialog to see the real result.'
                : 'What the client sends back to the server.'}
            </p>
            <JsonBlock value={answer ?? defaultAnswer(parsed.request)} label="ElicitResult" className="elicit-result" />
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
        {fixture !== undefined && <FixturePreview key={fixture.id} fixture={fixture} />}
      </div>
    </div>
  );
}
