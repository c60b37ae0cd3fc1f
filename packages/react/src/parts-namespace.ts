// The members of the `Elicitation` namespace export (see index.ts): the parts under their short names.
export { Accept, Actions, AnswerNote, Cancel, Decline } from './actions.js';
export { Description } from './description.js';
export { Fields } from './fields.js';
export { Header, Server, Title } from './header.js';
export { Root } from './root.js';
export { UrlConsent } from './url-consent.js';
export { Warnings } from './warnings.js';
