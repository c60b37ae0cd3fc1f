import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared.ts';

// The backend's tests (Node): unit tests beside the code in server/, the journeys through the running host in test/.
export default defineConfig(
  project('chat-host', 'node', { include: ['server/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 20_000 }),
);
