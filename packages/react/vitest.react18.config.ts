// The react package's own test files again, against React 18 (its peer range is ^18 || ^19). react, react-dom, rjsf
// and Testing Library resolve to the React 18 instances installed by the private workspace package in ./react-18, so
// that nothing in the graph (rjsf included) reaches React 19.
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared.ts';

const modules = join(dirname(fileURLToPath(import.meta.url)), 'react-18', 'node_modules');
const redirected = ['react', 'react-dom', '@rjsf/utils', '@testing-library/react'];
const base = project('react-18', 'jsdom', { setupFiles: ['./src/test/setup.ts'], env: { EXPECT_REACT_MAJOR: '18' } });

export default defineConfig({
  ...base,
  resolve: {
    ...base.resolve,
    alias: redirected.map((name) => ({
      find: new RegExp(`^${name}(/.*)?$`),
      replacement: `${realpathSync(join(modules, name))}$1`,
    })),
  },
});
