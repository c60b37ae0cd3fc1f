import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared.ts';

export default defineConfig(project('auth', 'node'));
