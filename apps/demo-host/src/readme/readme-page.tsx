// The README snippets, copied verbatim (readme-page.test.ts checks that they still match the READMEs), mounted in a
// host that re-renders on every keystroke — the naive host a newcomer writes first. The e2e journey
// (e2e/specs/readme-snippets.spec.ts) drives them in Chromium: one request, exactly one answer.
import { parseElicitation } from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import { useEffect, useState } from 'react';

// ── packages/react/README.md, "Usage" (verbatim) ──────────────────────────────────────────────────────────────────
function Ask({ params, server, reply }: { params: unknown; server: { name: string }; reply: (r: unknown) => void }) {
  const parsed = parseElicitation(params); // refuse with parsed.error (-32602) when !parsed.ok
  if (!parsed.ok) return null;
  return <ElicitationDialog request={parsed.request} server={server} onRespond={reply} />;
}

// ── README.md, "react — the dialog" (verbatim inside a component giving it `parsed` and `reply`) ─────────────────
function RootSnippet({ params, reply }: { params: unknown; reply: (result: unknown) => void }) {
  const parsed = parseElicitation(params);
  if (!parsed.ok) return null;
  return (
    <ElicitationDialog
      request={parsed.request} // from core's parseElicitation (re-parsing on every render is fine: same request, same dialog)
      server={{ name: 'Acme Exports', url: 'https://mcp.acme.example' }}
      onRespond={(result) => reply(result)} // exactly once: accept (validated) / decline / cancel
    />
  );
}

/** The request both snippets answer: a fresh params object on every render, as a host parsing raw JSON would have. */
const paramsJson = JSON.stringify({
  message: 'Which branch should the release be cut from?',
  requestedSchema: {
    type: 'object',
    properties: { branch: { type: 'string', title: 'Branch', minLength: 1 } },
    required: ['branch'],
  },
});

/** `#/readme/react` or `#/readme/root`: one snippet in a host that re-renders on every keystroke. */
export function ReadmePage({ snippet }: { snippet: 'react' | 'root' }) {
  const [answers, setAnswers] = useState<unknown[]>([]);
  const [renders, setRenders] = useState(0);
  useEffect(() => {
    const rerender = (): void => setRenders((count) => count + 1);
    document.addEventListener('input', rerender, true);
    document.addEventListener('keydown', rerender, true);
    return () => {
      document.removeEventListener('input', rerender, true);
      document.removeEventListener('keydown', rerender, true);
    };
  }, []);
  const params: unknown = JSON.parse(paramsJson);
  const reply = (result: unknown): void => setAnswers((previous) => [...previous, result]);
  return (
    <section aria-labelledby="readme-title">
      <h1 id="readme-title">README snippet: {snippet}</h1>
      <p>
        Re-rendered <output aria-label="Renders">{renders}</output> times.
      </p>
      <output aria-label="Answers">{JSON.stringify(answers)}</output>
      {snippet === 'react' ? (
        <Ask params={params} server={{ name: 'README host' }} reply={reply} />
      ) : (
        <RootSnippet params={params} reply={reply} />
      )}
    </section>
  );
}
