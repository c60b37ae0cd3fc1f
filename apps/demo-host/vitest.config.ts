import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared.ts';

// jsdom by default; the relay and the connection-store tests opt into Node with `@vitest-environment node`.
export default defineConfig(project('demo-host', 'jsdom', { setupFiles: ['./test/setup.ts'] }));
