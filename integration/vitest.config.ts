import { defineConfig } from 'vitest/config';
import { project } from '../vitest.shared.ts';

// Cross-package journeys (the packages' own tests depend on core only).
export default defineConfig(project('integration', 'node'));
