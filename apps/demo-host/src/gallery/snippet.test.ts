// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fixtureSnippet } from './snippet.js';

const params = { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } };

describe('fixtureSnippet', () => {
  it('parses once at module scope and renders the dialog with the kit stylesheet', () => {
    const code = fixtureSnippet({ params, protocolVersion: '2025-11-25', refused: false });
    expect(code).toContain(`const params = ${JSON.stringify(params, null, 2)};`);
    expect(code).toContain("const parsed = parseElicitation(params, { protocolVersion: '2025-11-25' });");
    expect(code).toContain("import '@elicitation-kit/react/styles.css';");
    expect(code).toContain('<ElicitationDialog');
    // The parse is outside the component: a re-render must not hand the dialog a new request.
    expect(code.indexOf('parseElicitation(params')).toBeLessThan(code.indexOf('export function Ask'));
  });

  it('answers a refused request with its JSON-RPC error instead', () => {
    const code = fixtureSnippet({ params, protocolVersion: undefined, refused: true });
    expect(code).toContain('const parsed = parseElicitation(params);');
    expect(code).toContain("respond({ jsonrpc: '2.0', id: requestId, error: parsed.error });");
    expect(code).not.toContain('ElicitationDialog');
  });
});
