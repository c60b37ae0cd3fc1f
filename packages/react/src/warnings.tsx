'use client';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import { part } from './anatomy.js';
import { useParts } from './context.js';

/** Props of {@link Warnings}: those of the `<ul>` it renders. */
export type WarningsProps = ComponentPropsWithoutRef<'ul'>;

/**
 * Why an earlier answer was refused (an entry's `refused`), then the URL warnings (URL mode) or the
 * secret-looking-fields warning (form mode). Renders nothing without warnings.
 */
export const Warnings = forwardRef<HTMLUListElement, WarningsProps>(function Warnings(props, ref) {
  const { session, request, strings, refused } = useParts('Warnings');
  let lines: string[];
  if (request.mode === 'url') {
    lines = request.link.warnings.map((warning) => strings.urlWarning(warning));
  } else {
    // Core's verdict carries each flagged field's label: nothing is mapped back here.
    const labels = session.sensitive.map((item) => item.label);
    lines = labels.length > 0 ? [strings.sensitive(labels)] : [];
    if (session.blocked) lines.push(strings.sensitiveBlocked);
  }
  if (refused !== undefined) lines.unshift(refused);
  if (lines.length === 0) return null;
  return (
    <ul ref={ref} {...part('warnings')} {...props}>
      {lines.map((line, index) => (
        <li key={index} {...part('warning')}>
          {line}
        </li>
      ))}
    </ul>
  );
});
