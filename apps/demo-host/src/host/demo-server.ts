// What the page knows about the demo server: `npm run demo` (scripts/demo.mjs) starts it and hands its real URL to the
// host as VITE_DEMO_SERVER_URL (Vite inlines it, in dev and in the production build), whatever port it runs on.

/** The demo server's MCP endpoint when `npm run demo` started this page, else undefined. */
const DEMO_SERVER_URL: string | undefined = demoServerUrl(import.meta.env.VITE_DEMO_SERVER_URL);

/**
 * The Server URL field's placeholder: an instruction, never a URL, so an empty field cannot be mistaken for a filled
 * one.
 */
export const SERVER_URL_PLACEHOLDER = 'Paste the MCP server’s URL';

/** `value` when it is an http(s) URL, else undefined (unset, empty or garbled). */
export function demoServerUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') {
    return undefined;
  }
  if (!URL.canParse(value)) {
    return undefined;
  }
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/** The Server URL to start with: `?server=` when the link has one, else the demo server's, else empty. */
export function initialServerUrl(search: string, demoUrl: string | undefined = DEMO_SERVER_URL): string {
  return new URLSearchParams(search).get('server') ?? demoUrl ?? '';
}

/** The line shown while no server is connected: the demo server's real URL, or how to start it. */
export function noServerHint(demoUrl: string | undefined = DEMO_SERVER_URL): string {
  return demoUrl === undefined
    ? 'No server connected yet. `npm run demo` starts the demo server and fills in its URL.'
    : `No server connected yet. The demo server is running at ${demoUrl}: press Connect.`;
}
