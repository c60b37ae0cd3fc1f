/**
 * @elicitation-kit/ag-ui — MCP elicitation as AG-UI interrupts, the agent side: the questions the kit's MCP adapters
 * queue on the agent's backend become the interrupts a run ends with, and the next run's `resume` answers them
 * (checked with core first). The page side is `@elicitation-kit/ag-ui/client`.
 * @packageDocumentation
 */
export { createElicitationInterrupts, toInterrupt, DEFAULT_EXPIRES_AFTER_MS } from './interrupts.js';
export type {
  ElicitationInterruptEvent,
  ElicitationInterrupts,
  ElicitationInterruptsOptions,
  ResumeError,
  ResumeResult,
} from './interrupts.js';
export { ELICITATION_METADATA_KEY, REFUSAL_METADATA_KEY, INPUT_REQUIRED } from './metadata.js';
export type { ElicitationInterruptMetadata, ElicitationResumePayload } from './metadata.js';
