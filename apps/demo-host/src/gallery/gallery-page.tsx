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
import { useId, useMemo, useState } from 'react';
import { hrefOf } from '../router.js';
import { IssueList } from '../shared/issue-list.js';
import { CodeBlock, JsonBlock } from '../shared/json-block.js';
import { ProtocolVersionSelect } from '../shared/protocol-version-select.js';
import { fixtures, findFixture, type GalleryFixture } from './fixtures.js';
import { fixtureSnippet } from './snippet.js';
import type { Theme as ColorScheme } from '../theme.js';
import { LOOKS, type Look } from './looks.js';
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

interface LookPreviewProps {
  look: Look;
  fixture: GalleryFixture;
  request: ParsedElicitation;
  scheme: ColorScheme;
  /** The kit's look only: its CSS variables, edited live in the theme panel. */
  overrides?: ThemeOverrides;
  onOverridesChange?: (overrides: ThemeOverrides) => void;
  /** The kit's look only: its values as typed, for the live result preview. */
  onValuesChange?: (values: FormValues | undefined) => void;
}

/**
 * One look of the fixture: the dialog rendered inline in the gallery's canvas (so the fixture list stays usable), in
 * the kit's stylesheet or through an rjsf theme inside its design system's provider; once answered, the answer and a
 * way to ask again.
 */
function LookPreview({
  look,
  fixture,
  request,
  scheme,
  overrides,
  onOverridesChange,
  onValuesChange,
}: LookPreviewProps) {
  const headingId = useId();
  const [answer, setAnswer] = useState<ElicitResult | undefined>(undefined);
  const [round, setRound] = useState(0);
  const { Provider } = look;
  return (
    <section className="card look" data-look={look.id} aria-labelledby={headingId}>
      <h2 id={headingId}>{look.label}</h2>
      {answer === undefined ? (
        <Provider scheme={scheme}>
          <ElicitationDialog
            key={`${fixture.id}-${round}`}
            presentation="inline"
            className="gallery-dialog"
            {...(overrides !== undefined && { style: themeStyle(overrides) })}
            {...(look.theme !== undefined && { theme: look.theme })}
            request={request}
            server={{ name: `Gallery preview (${look.short})` }}
            onRespond={setAnswer}
            {...(onValuesChange !== undefined && { onValuesChange })}
          />
        </Provider>
      ) : (
        <div className="preview-stage">
          <output className="status">
            Answered with <strong>{answer.action}</strong>.
          </output>
          <JsonBlock value={answer} label={`ElicitResult (${look.short})`} className="elicit-result" />
          <button
            type="button"
            onClick={() => {
              setAnswer(undefined);
              onValuesChange?.(undefined);
              setRound((current) => current + 1);
            }}
          >
            Ask again
          </button>
        </div>
      )}
      {overrides !== undefined && onOverridesChange !== undefined && (
        <ThemePanel value={overrides} onChange={onOverridesChange} />
      )}
    </section>
  );
}

interface FixturePreviewProps {
  fixture: GalleryFixture;
  scheme: ColorScheme;
  overrides: ThemeOverrides;
  onOverridesChange: (overrides: ThemeOverrides) => void;
}

function FixturePreview({ fixture, scheme, overrides, onOverridesChange }: FixturePreviewProps) {
  const [protocolVersion, setProtocolVersion] = useState<ProtocolVersion | undefined>(fixture.protocolVersion);
  const [values, setValues] = useState<FormValues | undefined>(undefined);
  const [round, setRound] = useState(0);
  // Parsed once per fixture and era (re-parsing on every render would also work: the dialog knows its request).
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
            setValues(undefined);
            setRound((current) => current + 1);
          }}
        />
      </header>

      {parsed.ok ? (
        <>
          <p className="hint">
            The same request in the kit’s own look and in two real rjsf themes, each passed to the dialog as{' '}
            <code>theme</code>: the controls are the design system’s; the labels, hints, errors, warnings and validation
            stay the kit’s.
          </p>
          <div className="looks" key={round}>
            {LOOKS.map((look) => (
              <LookPreview
                key={look.id}
                look={look}
                fixture={fixture}
                request={parsed.request}
                scheme={scheme}
                {...(look.id === 'kit' && { overrides, onOverridesChange, onValuesChange: setValues })}
              />
            ))}
          </div>
          <section className="card" aria-labelledby="elicit-result-title">
            <h2 id="elicit-result-title">Result preview</h2>
            <p className="hint">
              What "Accept" in the kit’s own look would send with the values as they are now (live).
            </p>
            <JsonBlock value={live?.answer} label="ElicitResult" className="elicit-result" />
            {live !== undefined && live.issues.length > 0 && (
              <section aria-labelledby="blocked-title">
                <h3 id="blocked-title">Accept is blocked until</h3>
                <IssueList
                  labelledBy="blocked-title"
                  issues={live.issues.map((issue) => ({
                    key: `${issue.field}-${issue.code}`,
                    where: issue.field,
                    message: issue.message,
                  }))}
                />
              </section>
            )}
            {parsed.request.warnings.length > 0 && (
              <section aria-labelledby="gallery-warnings-title">
                <h3 id="gallery-warnings-title">{parsed.request.warnings.length === 1 ? 'Warning' : 'Warnings'}</h3>
                <IssueList
                  labelledBy="gallery-warnings-title"
                  issues={parsed.request.warnings.map((warning) => ({
                    key: `${warning.path}-${warning.code}`,
                    where: warning.path,
                    message: warning.message,
                  }))}
                />
              </section>
            )}
          </section>
        </>
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
export function GalleryPage({ fixtureId, scheme }: { fixtureId: string | undefined; scheme: ColorScheme }) {
  const fixture = fixtureId === undefined ? undefined : findFixture(fixtureId);
  // Kept across fixtures: compare one set of the kit's variables on every shape.
  const [overrides, setOverrides] = useState<ThemeOverrides>({});
  return (
    <div className="gallery">
      <FixtureNav current={fixture?.id} />
      <div className="gallery-main">
        {fixtureId === undefined && (
          <section aria-labelledby="gallery-title">
            <h1 id="gallery-title">Gallery</h1>
            <p>
              Every schema shape from the specification's examples, rendered as a host using the kit shows it (inline
              here, so this list stays usable), in the kit's own look and in two rjsf themes, with the ElicitResult each
              answer produces. Pick a fixture on the left.
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
          <FixturePreview
            key={fixture.id}
            fixture={fixture}
            scheme={scheme}
            overrides={overrides}
            onOverridesChange={setOverrides}
          />
        )}
      </div>
    </div>
  );
}
