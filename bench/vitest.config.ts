import { defineConfig } from 'vitest/config';
import { project } from '../vitest.shared.ts';

// The harness's own tests (the bench's measurements run with `npm run bench`, its budgets in `npm test`).
export default defineConfig(project('bench', 'node', { include: ['src/**/*.test.mjs'] }));
