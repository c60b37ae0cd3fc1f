/**
 * @elicitation-kit/ag-ui/client — the page side: an AG-UI agent's interrupts (`@ag-ui/client`) as core's
 * `ElicitationQueue`, so that `useElicitationQueue` and `<ElicitationDialog entry>` of `@elicitation-kit/react` show
 * them as they show MCP questions, and the answers resume the run.
 * @packageDocumentation
 */
export { createInterruptQueue } from './interrupt-queue.js';
export type {
  InterruptElicitation,
  InterruptQueue,
  InterruptQueueEvent,
  InterruptQueueOptions,
  InterruptSource,
} from './interrupt-queue.js';
export { ELICITATION_METADATA_KEY, REFUSAL_METADATA_KEY } from './metadata.js';
export type { ElicitationInterruptMetadata, ElicitationResumePayload } from './metadata.js';
