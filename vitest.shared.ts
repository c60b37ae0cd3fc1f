// Shared by every vitest project: resolve workspace packages to their TypeScript sources (the project's own
// "@elicitation-kit/source" export condition), so tests never need a build step first. The condition is scoped to
// this project on purpose: a plain "source" condition also matches third-party packages that publish raw TypeScript
// under it (eventsource, pulled in by the MCP SDK), which Node and tsc then fail to load.
import type { ViteUserConfig as UserConfig } from 'vitest/config';

const sourceConditions = ['@elicitation-kit/source', 'module', 'browser', 'development|production'];

export function project(name: string, environment: 'node' | 'jsdom', extra: UserConfig['test'] = {}): UserConfig {
  return {
    resolve: {
      conditions:
        environment === 'jsdom'
          ? sourceConditions
          : ['@elicitation-kit/source', 'module', 'node', 'development|production'],
    },
    ssr: {
      resolve: { conditions: ['@elicitation-kit/source', 'node'], externalConditions: ['@elicitation-kit/source'] },
    },
    test: {
      name,
      environment,
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      typecheck: { enabled: false },
      ...extra,
    },
  };
}
