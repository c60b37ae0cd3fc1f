import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared';

export default defineConfig(project('demo-server', 'node'));
