import { describe, expect, it } from 'vitest';
import { MCP_REQUEST_HEADERS, MCP_RESPONSE_HEADERS, mcpCorsHeaders } from './index.js';

describe('mcpCorsHeaders', () => {
  it('reflects the origin and allows every MCP header of both eras, exposing the session and version', () => {
    const headers = mcpCorsHeaders('http://127.0.0.1:5173');
    expect(headers).toEqual({
      'Access-Control-Allow-Origin': 'http://127.0.0.1:5173',
      Vary: 'Origin',
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': MCP_REQUEST_HEADERS.join(', '),
      'Access-Control-Expose-Headers': MCP_RESPONSE_HEADERS.join(', '),
      'Access-Control-Max-Age': '600',
    });
    expect(headers['Access-Control-Allow-Headers']).toContain('Mcp-Method');
  });

  it('adds the other Mcp-* headers a preflight names, and nothing else it names', () => {
    const headers = mcpCorsHeaders('https://host.example', 'content-type, Mcp-Future-Thing ,x-secret, mcp-name');
    const allowed = headers['Access-Control-Allow-Headers']?.split(', ');
    expect(allowed).toContain('Mcp-Future-Thing');
    expect(allowed).toContain('mcp-name');
    expect(allowed).not.toContain('x-secret');
    expect(mcpCorsHeaders('https://host.example', null)).toEqual(mcpCorsHeaders('https://host.example'));
  });
});
