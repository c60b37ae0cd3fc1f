'use client';
/**
 * @elicitation-kit/react: an accessible dialog for MCP elicitation requests, rendered with rjsf and validated by
 * @elicitation-kit/core (no ajv, no eval: CSP-safe). Optional stylesheet: `@elicitation-kit/react/styles.css`.
 * @packageDocumentation
 */
/**
 * The dialog's parts, Radix-style: `Elicitation.Root`, `.Header`, `.Title`, `.Server`, `.Description`, `.UrlConsent`,
 * `.Warnings`, `.Fields`, `.Actions`, `.Accept`, `.Decline`, `.Cancel`.
 */
export * as Elicitation from './parts-namespace.js';
export { useElicitation } from './elicitation.js';
export type {
  ElicitationContextValue,
  ElicitationEntry,
  ElicitationOptions,
  ElicitationServer,
  ElicitationSource,
  RootProps as ElicitationRootProps,
} from './elicitation.js';
export { ElicitationDialog } from './elicitation-dialog.js';
export type { ElicitationDialogProps } from './elicitation-dialog.js';
export { createValidator } from './rjsf/validator.js';
export type { ElicitationValidator } from './rjsf/validator.js';
export { defaultStrings } from './strings.js';
export type { ElicitationStrings } from './strings.js';
export { useElicitationForm } from './use-elicitation-form.js';
export type { ElicitationForm } from './use-elicitation-form.js';
export { useElicitationSession, useSessionSnapshot } from './use-elicitation-session.js';
export type { UseElicitationSessionOptions } from './use-elicitation-session.js';
export { useElicitationQueue } from './use-elicitation-queue.js';
export type { ElicitationQueueSource } from './use-elicitation-queue.js';
