// The members of the `Elicitation` namespace export (see index.ts): the parts under their short names.
export {
  Accept,
  Actions,
  Cancel,
  Decline,
  Description,
  Fields,
  Header,
  Root,
  Server,
  Title,
  UrlConsent,
  Warnings,
} from './elicitation.js';
