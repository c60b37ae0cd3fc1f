// What the demo host's two small Node servers (serve.mjs, and the relay on its own) share: listening on a loopback
// host and closing with their connections, and reading `--name value` from the command line.

/**
 * Starts `server` on `host`:`port` (`0` picks a free port) and resolves once it listens, with the port it got and a
 * `close` that also ends open connections (keep-alive sockets, event streams) so it never waits on a client.
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 * @returns {Promise<{ port: number; close(): Promise<void> }>}
 */
export async function listen(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The value after `--<name>` on the command line, or undefined.
 * @param {string} name
 * @returns {string | undefined}
 */
export function argument(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}
