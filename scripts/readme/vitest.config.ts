import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared.ts';

// The READMEs' snippets and instructions, checked as written (readme.test.ts).
export default defineConfig(project('readme', 'node', { include: ['*.test.ts'] }));
