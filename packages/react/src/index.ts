'use client';
/**
 * @elicitation-kit/react: an accessible dialog for MCP elicitation requests — modal or inline — whose controls are
 * rjsf widgets (the kit's, or the host's rjsf theme's), validated by @elicitation-kit/core (no ajv, no eval:
 * CSP-safe). Optional stylesheet: `@elicitation-kit/react/styles.css`.
 * @packageDocumentation
 */
/**
 * The dialog's parts, Radix-style: `Elicitation.Root`, `.Header`, `.Title`, `.Server`, `.Description`, `.UrlConsent`,
 * `.Warnings`, `.Fields`, `.Actions`, `.AnswerNote`, `.Accept`, `.Decline`, `.Cancel`. Each takes the props of the
 * element it renders and a `ref`.
 */
export * as Elicitation from './parts-namespace.js';
export { ELICITATION_PARTS } from './anatomy.js';
export type { ElicitationPart } from './anatomy.js';
export { composeEventHandlers } from './compose.js';
export { useElicitation } from './context.js';
// The entry `<ElicitationDialog entry>` takes and the queue `useElicitationQueue` reads are core's
// (`ElicitationEntry`, `ElicitationQueue` from @elicitation-kit/core).
export type { ElicitationContextValue, ElicitationPresentation } from './context.js';
export type { ElicitationOptions, ElicitationSource, RootProps as ElicitationRootProps } from './root-props.js';
export type { ActionProps, ActionsProps, AnswerNoteProps } from './actions.js';
export type { DescriptionProps } from './description.js';
export type { FieldsProps } from './fields.js';
export type { HeaderProps, ServerProps, TitleProps } from './header.js';
export type { UrlConsentProps } from './url-consent.js';
export type { WarningsProps } from './warnings.js';
export { ElicitationDialog } from './elicitation-dialog.js';
export type { ElicitationDialogProps } from './elicitation-dialog.js';
export type { ElicitationTheme } from './rjsf/registry.js';
export { defaultStrings } from './strings.js';
export type { ElicitationStrings } from './strings.js';
export { useElicitationSession, useSessionSnapshot } from './use-elicitation-session.js';
export type { UseElicitationSessionOptions } from './use-elicitation-session.js';
export { useElicitationQueue } from './use-elicitation-queue.js';
