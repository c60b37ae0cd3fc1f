// The real Public Suffix List (tldts, ~137 KB min), loaded when the first URL-mode request is judged: the dynamic
// import makes it a chunk of its own, which the start page (and every form) never loads.
import type { PublicSuffixList } from '@elicitation-kit/core';

/** Loads `@elicitation-kit/mcp/public-suffix` (the module system keeps it: later calls do not fetch it again). */
export const loadPublicSuffixList = (): Promise<PublicSuffixList> =>
  import('@elicitation-kit/mcp/public-suffix').then((module) => module.publicSuffixList);
