// The Server URL field as typed: a scheme-less address gets one (http:// on loopback, https:// elsewhere) instead of
// becoming an untitled card, and anything a browser cannot reach over HTTP gets a sentence saying why.

/** A scheme before `://` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`). Linear: one pass, no nesting. */
const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/** A dotted IPv4 address in 127.0.0.0/8 (loopback). */
const LOOPBACK_IPV4 = /^127(?:\.\d{1,3}){3}$/;

/** Host names that mean this machine: plain http:// is fine there (browsers treat loopback as secure). */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '[::1]']);

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

function isLoopback(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || hostname.endsWith('.localhost') || LOOPBACK_IPV4.test(hostname);
}

/** The host name before the first `/`, `:`, `?` or `#` of a scheme-less address, lower-cased. */
function leadingHost(input: string): string {
  if (input.startsWith('[')) {
    const end = input.indexOf(']');
    return end === -1 ? input : input.slice(0, end + 1).toLowerCase();
  }
  let end = 0;
  while (end < input.length && !'/:?#'.includes(input.charAt(end))) {
    end++;
  }
  return input.slice(0, end).toLowerCase();
}

/**
 * Reads what the user typed into the Server URL field. `127.0.0.1:3901/mcp` becomes `http://127.0.0.1:3901/mcp`,
 * `mcp.example.com/mcp` becomes `https://mcp.example.com/mcp`; `ftp://…`, `javascript:…` and text that is no URL get a
 * message instead.
 */
export function normalizeServerUrl(input: string): ServerUrlResult {
  const typed = input.trim();
  if (typed === '') {
    return { ok: false, message: 'Enter the URL of an MCP server, such as http://127.0.0.1:3901/mcp.' };
  }
  let candidate = typed;
  let addedScheme: 'http://' | 'https://' | undefined;
  if (!SCHEME.test(typed)) {
    const rest = typed.startsWith('//') ? typed.slice(2) : typed;
    addedScheme = isLoopback(leadingHost(rest)) ? 'http://' : 'https://';
    candidate = `${addedScheme}${rest}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: `“${typed}” is not a URL. Type one such as http://127.0.0.1:3901/mcp.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      message: `A browser reaches MCP servers over http:// or https:// only; “${typed}” uses ${url.protocol}`,
    };
  }
  if (url.hostname === '') {
    return { ok: false, message: `“${typed}” names no host. Type one such as http://127.0.0.1:3901/mcp.` };
  }
  return addedScheme === undefined ? { ok: true, url: url.href } : { ok: true, url: url.href, addedScheme };
}
