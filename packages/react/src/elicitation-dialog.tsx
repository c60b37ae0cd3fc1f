'use client';
import type { ReactElement, ReactNode } from 'react';
import { Actions, Description, Fields, Header, Root, UrlConsent, Warnings } from './elicitation.js';
import type { ElicitationOptions } from './elicitation.js';

/** Props of {@link ElicitationDialog}: those of `Elicitation.Root`, with `footer` instead of parts. */
export type ElicitationDialogProps = ElicitationOptions & {
  /** Host content after the actions, inside the modal (e.g. a "Cancel all" control). */
  footer?: ReactNode;
};

/**
 * The complete dialog: the header naming the server (who asks), the message, the link (URL mode), warnings, the form
 * (form mode) and the actions, then the host's `footer`. Calls `onRespond` exactly once per request. Pass a queue
 * `entry` as is, or a `request` with its `server`. For a custom layout, compose the `Elicitation.*` parts instead.
 * @example
 * <ElicitationDialog entry={entry} onRespond={(result) => queue.respond(entry.id, result)} />
 */
export function ElicitationDialog({ footer, ...props }: ElicitationDialogProps): ReactElement {
  return (
    <Root {...props}>
      <Header />
      <div data-scope="elicitation" data-part="body">
        <Description />
        <UrlConsent />
        <Warnings />
        <Fields />
      </div>
      <Actions />
      {footer}
    </Root>
  );
}
