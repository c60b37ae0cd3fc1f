'use client';
import { revealInvisible } from '@elicitation-kit/core';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import { part } from './anatomy.js';
import { useParts } from './context.js';
import { useSessionSnapshot } from './use-elicitation-session.js';

/** Props of {@link UrlConsent}: those of the `<div>` it renders. */
export type UrlConsentProps = ComponentPropsWithoutRef<'div'>;

/**
 * URL mode: the full link as left-to-right text with its site highlighted (core's `link.parts`; never a link, never
 * fetched), whether it is another site than the server's, why it cannot be opened, and — after Open, when the era
 * needs "I'm done" — what the dialog waits for; first, when the server asks again for a page the user already
 * accepted, that it does not count the step as finished yet.
 */
export const UrlConsent = forwardRef<HTMLDivElement, UrlConsentProps>(function UrlConsent(props, ref) {
  const { session, request, strings, askedAgain } = useParts('UrlConsent');
  const waiting = useSessionSnapshot(session, (snapshot) => snapshot.url?.opened === true && snapshot.url.needsDone);
  if (request.mode !== 'url') return null;
  const { parts, canOpen, site, sameSiteAsServer } = request.link;
  return (
    <div ref={ref} {...part('url')} {...props}>
      {askedAgain && <p {...part('asked-again')}>{strings.urlAskedAgain}</p>}
      <p {...part('url-intro')}>{strings.urlIntro}</p>
      <code {...part('href')} dir="ltr">
        {revealInvisible(parts.before)}
        {parts.site && <strong {...part('host')}>{revealInvisible(parts.site)}</strong>}
        {revealInvisible(parts.after)}
      </code>
      {sameSiteAsServer === false && site !== '' && <p {...part('different-site')}>{strings.differentSite(site)}</p>}
      {!canOpen && <p {...part('blocked')}>{strings.urlBlocked}</p>}
      {waiting && <output {...part('opened')}>{strings.urlOpened}</output>}
    </div>
  );
});
