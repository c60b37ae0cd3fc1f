// The Server URL field as typed: a scheme-less address gets one (http:// on loopback, https:// elsewhere) instead of
// becoming an untitled card, and anything a browser cannot reach over HTTP gets a sentence saying why.
import { isLoopbackHost } from '@elicitation-kit/core';

/**
 * A leading scheme and its colon (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`). Anchored, one character
 * class under one quantifier: linear time on any input.
 */
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** What {@link normalizeServerUrl} made of the input. */
export type ServerUrlResult =
  | {
      ok: true;
      /** The absolute URL to connect to. */
      url: string;
      /** The scheme the user left out and the host added, if any. */
      addedScheme?: 'http://' | 'https://';
    }
  | { ok: false; message: string };

/**
 * Whether the input starts with a scheme. `localhost:3901/mcp` also starts with `letters:`; there a digit (a port)
 * or nothing follows the colon, and it is read as a host instead. `mailto:x` and `javascript:…` keep their scheme
 * (and are refused for it).
 */
function hasScheme(typed: string): boolean {
  const scheme = SCHEME.exec(typed);
  if (scheme === null) {
    return false;
  }
  const next = typed.charCodeAt(scheme[0].length);
  const isPort = Number.isNaN(next) || (next >= 48 && next <= 57);
  return !isPort;
}

/**
 * The URL the browser reads in `text`, else undefined. A host with `%` in it counts as no URL: the URL Standard
 * forbids `%` and spaces in a host, but Chromium's parser accepts `https://not a url` as `https://not%20a%20url/`.
 */
function parse(text: string): URL | undefined {
  if (!URL.canParse(text)) {
    return undefined;
  }
  const url = new URL(text);
  return url.hostname.includes('%') ? undefined : url;
}

/**
 * Reads what the user typed into the Server URL field. `127.0.0.1:3901/mcp` becomes `http://127.0.0.1:3901/mcp`,
 * `mcp.example.com/mcp` becomes `https://mcp.example.com/mcp` (loopback hosts are {@link isLoopbackHost}'s);
 * `ftp://…`, `javascript:…` and text that is no URL get a message instead.
 */
export function normalizeServerUrl(input: string): ServerUrlResult {
  const typed = input.trim();
  if (typed === '') {
    return { ok: false, message: 'Enter the URL of an MCP server, such as http://127.0.0.1:3901/mcp.' };
  }
  const notAUrl = {
    ok: false,
    message: `“${typed}” is not a URL. Type one such as http://127.0.0.1:3901/mcp.`,
  } as const;
  if (hasScheme(typed)) {
    const url = parse(typed);
    if (url === undefined) {
      return notAUrl;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return {
        ok: false,
        message: `A browser reaches MCP servers over http:// or https:// only; “${typed}” uses ${url.protocol}`,
      };
    }
    return { ok: true, url: url.href };
  }
  // No scheme: let the URL parser find the host (it reads user info, ports, `[::1]` and `0x7f.1` as a browser
  // does), then pick the scheme for it. http: and https: parse a host alike.
  const rest = typed.startsWith('//') ? typed.slice(2) : typed;
  const probe = parse(`http://${rest}`);
  if (probe === undefined) {
    return notAUrl;
  }
  const addedScheme = isLoopbackHost(probe.hostname) ? 'http://' : 'https://';
  // Parsed again with its own scheme: `example.com:80` keeps its port under https://.
  const url = parse(`${addedScheme}${rest}`);
  return url === undefined ? notAUrl : { ok: true, url: url.href, addedScheme };
}
