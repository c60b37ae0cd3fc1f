// The secret page behind a URL question, through a real SDK client in both eras: the user completes the page, the
// kit completes the elicitation (2025: notifications/elicitation/complete; 2026: the retry finds the round done),
// the tool runs with the secret it stored, and the secret is nowhere in the MCP traffic or the records.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createElicitationServer, defineTool, secretPage, toolResult } from '../index.js';
import type { OutcomeRecord, SecretPageRecord } from '../index.js';

const ORIGIN = 'https://mcp.example.test';
const SECRET = 'wh_live_5Jd8-ERA-SECRET-c41e';

function setup() {
  const vault = new Map<string, { userId: string; apiKey: string }>();
  const pageRecords: SecretPageRecord[] = [];
  const kitRecords: OutcomeRecord[] = [];
  const wire: string[] = [];
  const page = secretPage({
    url: `${ORIGIN}/secrets`,
    fields: { apiKey: { type: 'string', title: 'API key', minLength: 8 } },
    title: 'Connect your warehouse',
    identify: (request) => /session=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? null,
    onSecret: ({ userId, elicitationId, values }) => {
      vault.set(elicitationId, { userId, apiKey: values.apiKey });
    },
    onRecord: (record) => pageRecords.push(record),
  });
  const tool = defineTool({
    name: 'connect-warehouse',
    description: 'Stores a warehouse API key entered on the server’s own page.',
    // The MCP caller: a real server takes it from its authorization (call.ctx.http?.authInfo); here, always Alice.
    questions: () => ({
      api_key: page.question({ message: 'Enter your warehouse API key on our page.', userId: 'alice' }),
    }),
    accept: ({ api_key }) => {
      const stored = vault.get(api_key.flowId);
      // The operation uses the key (here: only checks that it is there); the result never carries it.
      return toolResult({ status: 'connected', owner: stored?.userId ?? null, stored: stored !== undefined });
    },
  });
  const kit = createElicitationServer({ onOutcome: (record) => kitRecords.push(record) });
  const server = () => {
    const mcp = new McpServer({ name: 'secret-test', version: '1.0.0' }, { requestState: kit.requestState });
    kit.register(mcp, [tool]);
    return mcp;
  };

  /** A browser as `user`: opens the page, then submits its form with the secret. Returns the POST's status. */
  const browse = async (url: string, user: string): Promise<number> => {
    const shown = await page.fetch(new Request(url, { headers: { cookie: `session=${user}` } }));
    const html = await shown.text();
    if (shown.status !== 200) {
      return shown.status;
    }
    const form = /ek_secret_form=([\w-]+)/.exec(shown.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const csrf = /name="_csrf" value="([\w-]+)"/.exec(html)?.[1] ?? '';
    const sent = await page.fetch(
      new Request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `session=${user}; ek_secret_form=${form}`,
          'sec-fetch-site': 'same-origin',
          origin: ORIGIN,
        },
        body: new URLSearchParams({ _csrf: csrf, apiKey: SECRET }),
      }),
    );
    return sent.status;
  };

  const everythingRecorded = () => JSON.stringify({ wire, kitRecords, pageRecords });
  return { page, vault, wire, kitRecords, pageRecords, server, browse, everythingRecorded };
}

const CAPABILITIES = { elicitation: { form: {}, url: {} } };

describe('secretPage behind urlQuestion, 2025-11-25 (a session)', () => {
  it('the right user completes the page: notifications/elicitation/complete, the tool runs, the secret stays out', async () => {
    const { server, browse, vault, wire, kitRecords, everythingRecorded } = setup();
    const client = new Client({ name: 'host', version: '1.0.0' }, { capabilities: CAPABILITIES });
    const asked: { url: string; elicitationId: string }[] = [];
    const attempts: number[] = [];
    let browsing: Promise<void> | undefined;
    client.setRequestHandler('elicitation/create', (request) => {
      const params = request.params as { mode?: string; url: string; elicitationId: string };
      asked.push({ url: params.url, elicitationId: params.elicitationId });
      // The user agrees, then opens the page in their browser: Bob (another user) first, then Alice.
      browsing = (async () => {
        attempts.push(await browse(params.url, 'bob'), await browse(params.url, 'alice'));
      })();
      return { action: 'accept' };
    });
    const completed: string[] = [];
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completed.push(notification.params.elicitationId);
    });
    const mcp = await server();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    for (const transport of [clientSide, serverSide]) {
      const send = transport.send.bind(transport);
      transport.send = (message, options) => {
        wire.push(JSON.stringify(message));
        return send(message, options);
      };
    }
    await mcp.connect(serverSide);
    await client.connect(clientSide);
    try {
      const result = (await client.callTool({ name: 'connect-warehouse', arguments: {} })) as CallToolResult;
      await browsing;
      expect(attempts).toEqual([403, 200]);
      expect(result.structuredContent).toEqual({ status: 'connected', owner: 'alice', stored: true });
      expect(asked).toHaveLength(1);
      const [{ url, elicitationId } = { url: '', elicitationId: '' }] = asked;
      expect(url).toBe(`${ORIGIN}/secrets/${elicitationId}`);
      expect(completed).toEqual([elicitationId]);
      expect(vault.get(elicitationId)).toEqual({ userId: 'alice', apiKey: SECRET });
      expect(kitRecords.find((record) => record.final)).toMatchObject({ action: 'completed', era: 'legacy' });
      expect(wire.some((message) => message.includes('notifications/elicitation/complete'))).toBe(true);
      expect(everythingRecorded()).not.toContain(SECRET);
    } finally {
      await client.close();
      await mcp.close();
    }
  });
});

describe('secretPage behind urlQuestion, 2026-07-28 (rounds)', () => {
  it('an early "done" is asked again with the same page; after the page, the retry finds the round complete', async () => {
    const { server, browse, vault, wire, kitRecords, everythingRecorded } = setup();
    const handler = createMcpHandler(() => server(), { legacy: 'reject' });
    const client = new Client(
      { name: 'host', version: '1.0.0' },
      { capabilities: CAPABILITIES, versionNegotiation: { mode: 'auto' } },
    );
    const urls: string[] = [];
    const statuses: number[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { url: string };
      urls.push(params.url);
      if (urls.length > 1) {
        // The second time the user really finishes the page (as Bob first, who is refused).
        statuses.push(await browse(params.url, 'bob'), await browse(params.url, 'alice'));
      }
      return { action: 'accept' };
    });
    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        wire.push(await request.clone().text());
        const response = await handler.fetch(request);
        wire.push(await response.clone().text());
        return response;
      },
    });
    await client.connect(transport);
    try {
      const result = (await client.callTool({ name: 'connect-warehouse', arguments: {} })) as CallToolResult;
      expect(result.structuredContent).toEqual({ status: 'connected', owner: 'alice', stored: true });
      expect(urls).toHaveLength(2);
      expect(urls[1]).toBe(urls[0]);
      expect(statuses).toEqual([403, 200]);
      const flowId = new URL(urls[0] ?? '').pathname.split('/').at(-1) ?? '';
      expect(vault.get(flowId)).toEqual({ userId: 'alice', apiKey: SECRET });
      expect(kitRecords.map((record) => record.action)).toEqual([
        'input-requested',
        'waiting',
        'input-requested',
        'completed',
      ]);
      expect(wire.some((text) => text.includes('"inputResponses"'))).toBe(true);
      expect(everythingRecorded()).not.toContain(SECRET);
    } finally {
      await client.close();
      await handler.close();
    }
  });

  it('a retry by another caller never finds the page: it starts over with a page of its own', async () => {
    const { page } = setup();
    const flows = page.flowsFor('alice');
    const flow = await flows.start('connect-warehouse');
    expect(await page.flowsFor('mallory').get(flow.id)).toBeUndefined();
  });
});
