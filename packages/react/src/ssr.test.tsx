// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ElicitationDialog } from './index.js';
import { fixtureNames, paramsOf, parse } from './test/fixtures.js';

describe('server rendering', () => {
  it('runs without a DOM', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it.each(fixtureNames)('renders %s to a string without throwing', (name) => {
    const request = parse(paramsOf(name));
    const html = renderToString(
      <ElicitationDialog
        request={request}
        server={{ name: 'Demo', url: 'https://demo.example' }}
        onRespond={() => {}}
        pendingCount={1}
      />,
    );
    expect(html).toContain('data-part="root"');
    // Closed until the client calls showModal(); the server text is escaped text.
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(html).toContain('Demo is asking for input');
  });
});
