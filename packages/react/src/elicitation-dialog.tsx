'use client';
import { forwardRef } from 'react';
import type { ReactNode } from 'react';
import { part } from './anatomy.js';
import { Actions } from './actions.js';
import { Description } from './description.js';
import { Fields } from './fields.js';
import { Header } from './header.js';
import { Root } from './root.js';
import type { RootProps } from './root-props.js';
import { UrlConsent } from './url-consent.js';
import { Warnings } from './warnings.js';

/** Props of {@link ElicitationDialog}: those of `Elicitation.Root`, with `footer` instead of parts. */
export type ElicitationDialogProps = Omit<RootProps, 'children'> & {
  /** Host content after the actions, inside the dialog (e.g. a "Cancel all" control). */
  footer?: ReactNode;
};

/**
 * The complete dialog: the header naming the server (who asks), the message, the link (URL mode), warnings, the form
 * (form mode) and the actions, then the host's `footer`. Calls `onRespond` exactly once per request. Pass a queue
 * `entry` as is, or a `request` with its `server`; `presentation="inline"` renders the same parts as a card in the
 * page flow (e.g. in a chat). For a custom layout, compose the `Elicitation.*` parts instead.
 * @example
 * <ElicitationDialog entry={entry} onRespond={(result) => queue.respond(entry.id, result)} />
 * <ElicitationDialog presentation="inline" entry={entry} onRespond={(result) => queue.respond(entry.id, result)} />
 */
export const ElicitationDialog = forwardRef<HTMLElement, ElicitationDialogProps>(function ElicitationDialog(
  { footer, ...props },
  ref,
) {
  return (
    <Root ref={ref} {...(props as RootProps)}>
      <Header />
      <div {...part('body')}>
        <Description />
        <UrlConsent />
        <Warnings />
        <Fields />
      </div>
      <Actions />
      {footer}
    </Root>
  );
});
