import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogStore } from './log-store.js';
import { ProtocolLog } from './protocol-log.js';
import type { WireMessage } from './wire.js';

afterEach(cleanup);

const wire: WireMessage[] = [
  { direction: 'sent', message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'export-data' } } },
  { direction: 'received', message: { jsonrpc: '2.0', id: 3, result: { content: [] } } },
];

function storeWith(lines: readonly object[]) {
  const log = createLogStore();
  for (const line of lines) {
    log.append({ server: 'demo', kind: 'tool', label: 'result', text: 'export-data', ...line });
  }
  return { subscribeLog: log.subscribe, getLog: log.getLog, clearLog: log.clear };
}

describe('the protocol log', () => {
  it('shows the raw JSON-RPC of a line on request, each message with its direction and a copy button', () => {
    render(<ProtocolLog store={storeWith([{ wire }])} />);
    const entry = within(screen.getByRole('log', { name: 'Protocol log entries' })).getByRole('listitem');
    const details = entry.querySelector('details');
    expect(details?.open).toBe(false);
    expect(within(entry).getByText('2 JSON-RPC messages: tools/call #3 →, result #3 ←')).toBeTruthy();
    fireEvent.click(within(entry).getByText(/JSON-RPC messages/));
    expect(JSON.parse(within(entry).getByLabelText('JSON-RPC tools/call #3').textContent ?? '')).toEqual(
      wire[0]?.message,
    );
    expect(within(entry).getByText('Received from the server')).toBeTruthy();
    expect(within(entry).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
  });

  it('says how many earlier messages of a long stretch were not kept', () => {
    render(<ProtocolLog store={storeWith([{ wire, wireOmitted: 7 }])} />);
    expect(
      screen.getByText('2 JSON-RPC messages (the last 2; 7 earlier not kept): tools/call #3 →, result #3 ←'),
    ).toBeTruthy();
  });

  it('lets a server name wrap after its dots, slashes, underscores, colons and at signs, its text unchanged', () => {
    const name = 'io.github.acme/mcp_server@127.0.0.1:3901';
    render(<ProtocolLog store={storeWith([{ server: name }])} />);
    const entry = within(screen.getByRole('log', { name: 'Protocol log entries' })).getByRole('listitem');
    const server = within(entry).getByText(name);
    expect(server.textContent).toBe(name);
    expect(server.innerHTML).toBe(
      'io.<wbr>github.<wbr>acme/<wbr>mcp_<wbr>server@<wbr>127.<wbr>0.<wbr>0.<wbr>1:<wbr>3901',
    );
  });

  it('keeps a server name that is markup as text', () => {
    render(<ProtocolLog store={storeWith([{ server: '<b>x</b>.example' }])} />);
    expect(screen.getByText('<b>x</b>.example').querySelector('b')).toBeNull();
  });

  it('shows no JSON-RPC section for lines without recorded messages', () => {
    render(<ProtocolLog store={storeWith([{}])} />);
    expect(screen.queryByText(/JSON-RPC/)).toBeNull();
  });
});
