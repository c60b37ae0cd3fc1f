// Where the browser sends a server's traffic: straight to it, or through the relay on the host's own origin.

/** The relay's path prefix (served by serve.mjs and by the Vite dev server). */
const RELAY_PREFIX = '/relay/';

/** The URL the transport should use for `target`: `<origin>/relay/<percent-encoded target>` when relayed. */
export function transportUrl(target: string, viaRelay: boolean, origin: string): URL {
  const url = new URL(target);
  if (!viaRelay) {
    return url;
  }
  return new URL(`${RELAY_PREFIX}${encodeURIComponent(url.href)}`, origin);
}
