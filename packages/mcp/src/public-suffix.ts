/**
 * @elicitation-kit/mcp/public-suffix: the real Public Suffix List for the kit's site judgements, backed by `tldts`
 * (which ships the list, ICANN and private sections, and keeps it current). Core has no dependencies and accepts the
 * list as a plug-in (`publicSuffixList` in parseElicitation, analyzeUrl, registrableDomain, isSameSite); hand it to
 * `attachElicitation` (every client) or `connectElicitationBridge` and the kit passes it to every parse it makes. An
 * entry of its own because it weighs ~50 KB min+gz: a host opts in, no other entry pulls it in.
 * @packageDocumentation
 */
import type { PublicSuffixList } from '@elicitation-kit/core';
import { getDomain } from 'tldts';

/** tldts, told that core passes plain host names (lower-case ASCII, no IP address) and that private suffixes count. */
const OPTIONS = {
  allowPrivateDomains: true,
  extractHostname: false,
  validateHostname: false,
  detectIp: false,
  mixedInputs: false,
} as const;

/**
 * The Public Suffix List (https://publicsuffix.org) through `tldts`, private domains included: tenants of shared
 * hosts are sites of their own (`victim.s3.amazonaws.com` and `attacker.s3.amazonaws.com`, `alice.github.io`,
 * `app.vercel.app`), so a URL-mode link to another tenant gets core's `different-site` warning.
 * @example attachElicitation(client, { queue, server: { url }, publicSuffixList }) // every parse judges sites by it
 */
export const publicSuffixList: PublicSuffixList = {
  registrableDomain: (host) => getDomain(host, OPTIONS),
};
