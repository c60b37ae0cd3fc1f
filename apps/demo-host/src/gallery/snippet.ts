// The code a host writes to show one gallery fixture: parse once, outside render, then render the dialog (or refuse).
import type { ProtocolVersion } from '@elicitation-kit/core';

/** What {@link fixtureSnippet} needs to know about a fixture. */
export interface SnippetInput {
  /** The `elicitation/create` params. */
  params: unknown;
  /** The revision the request is judged under, when not "any". */
  protocolVersion: ProtocolVersion | undefined;
  /** Whether the kit refuses these params (then the snippet shows the error answer). */
  refused: boolean;
}

/**
 * A complete TSX module for the fixture: the params, `parseElicitation` at module scope (a fresh parse on every
 * render would hand the dialog a new request each time), and `<ElicitationDialog>` with the kit's stylesheet; for a
 * refused fixture, the `-32602` answer instead.
 */
export function fixtureSnippet({ params, protocolVersion, refused }: SnippetInput): string {
  const options = protocolVersion === undefined ? '' : `, { protocolVersion: '${protocolVersion}' }`;
  // JSON.stringify answers undefined (not a string) for undefined params.
  const json = JSON.stringify(params, null, 2) ?? 'undefined';
  if (refused) {
    return `import { parseElicitation } from '@elicitation-kit/core';

const params = ${json};

const parsed = parseElicitation(params${options});
if (!parsed.ok) {
  // Answer the request with this JSON-RPC error; show nothing.
  respond({ jsonrpc: '2.0', id: requestId, error: parsed.error });
}
`;
  }
  return `import { parseElicitation, type ElicitResult } from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import '@elicitation-kit/react/styles.css';

const params = ${json};

// Parse once per request, never during render.
const parsed = parseElicitation(params${options});

export function Ask({ onRespond }: { onRespond: (result: ElicitResult) => void }) {
  if (!parsed.ok) return null; // answer with parsed.error (-32602) instead
  return (
    <ElicitationDialog
      request={parsed.request}
      server={{ name: 'Acme Exports', url: 'https://mcp.acme.example' }}
      onRespond={onRespond}
    />
  );
}
`;
}
