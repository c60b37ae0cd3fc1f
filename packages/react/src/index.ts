'use client';
/**
 * @elicitation-kit/react: an accessible dialog for MCP elicitation requests, rendered with rjsf and validated by
 * @elicitation-kit/core (no ajv, no eval: CSP-safe). Optional stylesheet: `@elicitation-kit/react/styles.css`.
 */
export {
  ElicitationActions,
  ElicitationDialog,
  ElicitationFields,
  ElicitationHeader,
  ElicitationMessage,
  ElicitationRoot,
  ElicitationUrl,
  ElicitationWarnings,
  useElicitationDialog,
} from './elicitation-dialog.js';
export type {
  ElicitationDialogContext,
  ElicitationDialogProps,
  ElicitationRootProps,
  ElicitationServer,
} from './elicitation-dialog.js';
export { createValidator } from './rjsf/validator.js';
export type { ElicitationValidator } from './rjsf/validator.js';
export { defaultStrings } from './strings.js';
export type { ElicitationStrings } from './strings.js';
export { useElicitationForm } from './use-elicitation-form.js';
export type { ElicitationForm } from './use-elicitation-form.js';
export { useElicitationQueue } from './use-elicitation-queue.js';
export type { ElicitationQueueSource } from './use-elicitation-queue.js';
