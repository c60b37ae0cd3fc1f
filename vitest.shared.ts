// Shared by every vitest project: resolve workspace packages to their TypeScript sources
// (the "source" export condition), so tests never need a build step first.
import type { ViteUserConfig as UserConfig } from 'vitest/config';

export const sourceConditions = ['source', 'module', 'browser', 'development|production'];

export function project(name: string, environment: 'node' | 'jsdom', extra: UserConfig['test'] = {}): UserConfig {
  return {
    resolve: { conditions: environment === 'jsdom' ? sourceConditions : ['source', 'module', 'node', 'development|production'] },
    ssr: { resolve: { conditions: ['source', 'node'], externalConditions: ['source'] } },
    test: { name, environment, include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'], typecheck: { enabled: false }, ...extra },
  };
}
