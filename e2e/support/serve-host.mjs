// @ts-check
// Serves the suite's own production build of the demo host (built into e2e/artifacts/host-dist, so a concurrent
// `vite build` of apps/demo-host/dist cannot pull files from under the running suite) with the host's serve.mjs:
// the same strict Content-Security-Policy header and the same relay as `npm run demo -- --prod`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServe } from '../../apps/demo-host/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.env.E2E_HOST_DIST ?? join(here, '..', 'artifacts', 'host-dist');
const port = Number(process.env.PORT ?? 4183);
const host = process.env.HOST ?? '127.0.0.1';

const server = await startServe({ port, host, dist });
console.log(`demo-host (production build, strict CSP) at ${server.url} from ${dist}`);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
