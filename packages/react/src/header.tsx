'use client';
// Who asks: the title naming the server (the dialog's accessible name), the server's URL and the waiting count.
import { revealInvisible } from '@elicitation-kit/core';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import { part } from './anatomy.js';
import { useParts } from './context.js';

/** Props of {@link Title}: those of the `<h2>` it renders; `children` replaces the text. */
export type TitleProps = ComponentPropsWithoutRef<'h2'>;

/** The title, naming the asking server (its title and name). The dialog's accessible name. */
export const Title = forwardRef<HTMLHeadingElement, TitleProps>(function Title({ children, ...props }, ref) {
  const { server, strings, ids } = useParts('Title');
  const name = server.title && server.title !== server.name ? `${server.title} (${server.name})` : server.name;
  return (
    <h2 ref={ref} {...part('title')} {...props} id={ids.title}>
      {children ?? strings.title(name)}
    </h2>
  );
});

/** Props of {@link Server}: those of the `<p>` that shows the URL. */
export type ServerProps = ComponentPropsWithoutRef<'p'>;

/** The asking server's URL (invisible characters shown) and the number of requests waiting behind this one. */
export const Server = forwardRef<HTMLParagraphElement, ServerProps>(function Server(props, ref) {
  const { server, strings, pendingCount } = useParts('Server');
  if (!server.url && pendingCount === 0) return null;
  return (
    <>
      {server.url && (
        <p ref={ref} {...part('server')} dir="ltr" {...props}>
          {revealInvisible(server.url)}
        </p>
      )}
      {pendingCount > 0 && <p {...part('pending')}>{strings.pending(pendingCount)}</p>}
    </>
  );
});

/** Props of {@link Header}: those of the `<header>`; `children` replaces the title and the server line. */
export type HeaderProps = ComponentPropsWithoutRef<'header'>;

/** The header: {@link Title} and {@link Server} (sticky in the kit's stylesheet, so who asks stays in view). */
export const Header = forwardRef<HTMLElement, HeaderProps>(function Header({ children, ...props }, ref) {
  useParts('Header');
  return (
    <header ref={ref} {...part('header')} {...props}>
      {children ?? (
        <>
          <Title />
          <Server />
        </>
      )}
    </header>
  );
});
