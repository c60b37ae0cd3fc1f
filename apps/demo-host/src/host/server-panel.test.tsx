import type { Tool } from '@modelcontextprotocol/client';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallOptions, ConnectionStore, ServerConnection } from './connections.js';
import { ServerPanel } from './server-panel.js';

afterEach(cleanup);

const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });
const TOOLS = ['echo', 'export-data', 'connect-account', 'flood'].map(tool);

function connected(patch: Partial<ServerConnection> = {}): ServerConnection {
  return {
    title: 'Elicitation Kit demo server',
    id: 'server-1',
    url: 'http://127.0.0.1:3901/mcp',
    viaRelay: false,
    eraChoice: 'auto',
    modes: { form: true, url: true },
    status: 'connected',
    name: 'demo',
    tools: TOOLS,
    ...patch,
  };
}

/** A store whose calls never finish; `progress` is sent to the call's onProgress first. */
function storeFor(progress?: Parameters<NonNullable<CallOptions['onProgress']>>[0]): ConnectionStore {
  return {
    callTool: async (_id: string, _name: string, _args: unknown, options: CallOptions = {}) => {
      if (progress !== undefined) options.onProgress?.(progress);
      return new Promise(() => undefined);
    },
    disconnect: async () => undefined,
    surfaceUrlRequired: () => Promise.resolve(0),
  } as unknown as ConnectionStore;
}

const toolButtons = (): HTMLElement[] => within(screen.getByRole('toolbar', { name: 'Tools' })).getAllByRole('button');
const tabStops = (): string[] =>
  toolButtons()
    .filter((button) => button.tabIndex === 0)
    .map((button) => button.textContent ?? '');

describe('the tool toolbar', () => {
  it('is one Tab stop: the arrow keys, Home and End move focus (wrapping) without selecting', async () => {
    const user = userEvent.setup();
    render(<ServerPanel server={connected()} store={storeFor()} focusHeading />);
    expect(screen.getByRole('heading', { level: 2, name: 'Elicitation Kit demo server' })).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBe(document.activeElement);
    await user.tab();
    const [echo, exportData, , flood] = toolButtons();
    expect(echo).toBe(document.activeElement);
    expect(tabStops()).toEqual(['echo']);

    await user.keyboard('{ArrowRight}');
    expect(exportData).toBe(document.activeElement);
    expect(tabStops()).toEqual(['export-data']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(flood).toBe(document.activeElement);
    await user.keyboard('{ArrowDown}');
    expect(echo).toBe(document.activeElement);
    await user.keyboard('{ArrowUp}');
    expect(flood).toBe(document.activeElement);
    await user.keyboard('{Home}');
    expect(echo).toBe(document.activeElement);
    await user.keyboard('{End}');
    expect(flood).toBe(document.activeElement);
    expect(toolButtons().filter((button) => button.getAttribute('aria-pressed') === 'true')).toEqual([]);

    // Leaving the toolbar: the next Tab stop is past it, and Shift+Tab comes back to the first tool (none pressed).
    await user.tab();
    expect(echo).not.toBe(document.activeElement);
    expect(toolButtons()).not.toContain(document.activeElement);
    await user.tab({ shift: true });
    expect(echo).toBe(document.activeElement);
  });

  it('selects with Space or Enter; the pressed tool is the Tab stop, and Run follows two Tabs later', async () => {
    const user = userEvent.setup();
    render(<ServerPanel server={connected()} store={storeFor()} />);
    const [echo, exportData] = toolButtons();
    echo?.focus();
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    expect(exportData?.getAttribute('aria-pressed')).toBe('true');
    expect(echo?.getAttribute('aria-pressed')).toBe('false');
    expect(tabStops()).toEqual(['export-data']);
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Arguments' })).toBe(document.activeElement);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Run' })).toBe(document.activeElement);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(exportData).toBe(document.activeElement);

    await user.keyboard('{End}{Enter}');
    expect(screen.getByRole('button', { name: 'flood' }).getAttribute('aria-pressed')).toBe('true');
    expect(tabStops()).toEqual(['flood']);
  });

  it('leaves the heading alone unless the host asks', () => {
    render(<ServerPanel server={connected()} store={storeFor()} />);
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading).not.toBe(document.activeElement);
    expect(heading.tabIndex).toBe(-1);
  });
});

describe('the run panel', () => {
  it("says the host's words for the SDK's input rounds and what the host waits for", async () => {
    const user = userEvent.setup();
    render(
      <ServerPanel
        server={connected()}
        store={storeFor({ progress: 1, message: "Fulfilling input required by 'tools/call' (round 1)" })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'export-data' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Running export-data… Answering the server’s questions (round 1)…')).toBeTruthy();
    expect(screen.queryByText(/Fulfilling/)).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Result' })).getByText(
        'Waiting for the server to finish the tool. If it asked you to open a page, finish there; the server tells this host when you are done.',
      ),
    ).toBeTruthy();
  });

  it('mentions no page to open when the host declared no URL mode', async () => {
    const user = userEvent.setup();
    render(<ServerPanel server={connected({ modes: { form: true, url: false } })} store={storeFor()} />);
    await user.click(screen.getByRole('button', { name: 'export-data' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const result = screen.getByRole('region', { name: 'Result' });
    expect([...result.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Waiting for the server to finish the tool.',
    ]);
  });

  it('names the Result by its visible heading, one level under the tool’s', async () => {
    const user = userEvent.setup();
    render(<ServerPanel server={connected()} store={storeFor()} />);
    await user.click(screen.getByRole('button', { name: 'export-data' }));
    const result = screen.getByRole('region', { name: 'Result' });
    const heading = within(result).getByRole('heading', { level: 5, name: 'Result' });
    expect(result.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(result.hasAttribute('aria-label')).toBe(false);
    expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('export-data');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Tools');
  });
});

describe('a failed connection', () => {
  it("says the store's sentence, as an alert, with nothing added", () => {
    const error = 'The server at 127.0.0.1:3901 refused the connection. Is it running?';
    const { title: _title, ...failed } = connected({ status: 'failed', error, name: '127.0.0.1:3901', tools: [] });
    render(<ServerPanel server={failed} store={storeFor()} />);
    expect(screen.getByRole('alert').textContent).toBe(`Could not connect: ${error}`);
  });
});

describe('sign-in on the card', () => {
  const offer = { authorizationServer: 'http://127.0.0.1:3902/<b>as</b>', scopes: ['tools:read', 'export:write'] };

  it('shows who signs in and the scopes as plain text, and signs in with the popup and a pasted client', async () => {
    const user = userEvent.setup();
    const calls: unknown[][] = [];
    const store = {
      ...storeFor(),
      signIn: async (...args: unknown[]) => {
        calls.push(args);
      },
    } as unknown as ConnectionStore;
    const popup = { closed: false } as unknown as Window;
    const opened: unknown[][] = [];
    const open = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return popup;
    };
    try {
      render(
        <ServerPanel
          server={connected({ status: 'failed', error: 'HTTP 401', tools: [], signIn: { ...offer, signedIn: false } })}
          store={store}
        />,
      );
      expect(screen.getByTestId('sign-in-issuer').textContent).toBe('http://127.0.0.1:3902/<b>as</b>');
      expect(screen.getByTestId('sign-in-scopes').textContent).toBe('tools:read export:write');
      await user.click(screen.getByText('Use a client registered with this server'));
      await user.type(screen.getByLabelText('Client ID'), ' my-app ');
      await user.type(screen.getByLabelText('Client secret (optional)'), 's3cret');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(opened).toEqual([['about:blank', 'elicitation-kit-sign-in', 'popup,width=520,height=700']]);
      expect(calls).toEqual([['server-1', popup, { clientId: 'my-app', clientSecret: 's3cret' }]]);
    } finally {
      window.open = open;
    }
  });

  it('offers Sign out once signed in', async () => {
    const user = userEvent.setup();
    const signedOut: string[] = [];
    const store = {
      ...storeFor(),
      signOut: async (id: string) => {
        signedOut.push(id);
      },
    } as unknown as ConnectionStore;
    render(<ServerPanel server={connected({ signIn: { ...offer, signedIn: true } })} store={store} />);
    expect(screen.getByTestId('sign-in').textContent).toContain('Signed in at http://127.0.0.1:3902/<b>as</b>.');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signedOut).toEqual(['server-1']);
  });
});
