import { Fragment, type ReactNode } from 'react';

/** Where a name may wrap besides its hyphens (which browsers already break after): after . / _ : @ */
const BREAK_AFTER = /(?<=[./_:@])(?=.)/u;

/**
 * A name (a server's `io.github.acme/mcp_server`, a host `127.0.0.1:3901`) as plain text with a line-break
 * opportunity (`<wbr>`) after each dot, slash, underscore, colon and at sign, so it wraps between its parts rather than
 * inside a word. The text (and so its accessible name and what is copied) is unchanged.
 */
export function withNameBreaks(name: string): ReactNode {
  const parts = name.split(BREAK_AFTER);
  return parts.map((part, index) => (
    // The parts of one string: their position is their identity.
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
