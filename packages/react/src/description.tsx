'use client';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import { part } from './anatomy.js';
import { useParts } from './context.js';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';

/** Props of {@link Description}: those of the `<p>` it renders. */
export type DescriptionProps = ComponentPropsWithoutRef<'p'>;

/**
 * The server's message, as plain text; it describes the dialog (`aria-describedby`, set only while this part is
 * mounted, so it never points at nothing).
 */
export const Description = forwardRef<HTMLParagraphElement, DescriptionProps>(function Description(props, ref) {
  const { request, ids, describe } = useParts('Description');
  useBrowserLayoutEffect(() => {
    describe(true);
    return () => describe(false);
  }, [describe]);
  return (
    <p ref={ref} {...part('message')} {...props} id={ids.message}>
      {request.message}
    </p>
  );
});
