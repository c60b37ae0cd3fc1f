// Which form fields look like they ask for a secret (the spec forbids secrets in form mode; the host may warn or
// block). Judged on words, not substrings, from the property name, title and description.
//
// Only fields a user types into (text and number) are judged: a checkbox or a choice cannot carry a secret.
// Judgement calls (each has a test):
// | wording                                         | verdict        | why                                            |
// | ----------------------------------------------- | -------------- | ---------------------------------------------- |
// | password, passwd, pwd, passphrase, mypassword   | password       | unambiguous, also inside compounds             |
// | PIN, pin code (text or number)                  | pin            | `pinned` and `spinner` are other words          |
// | OTP, TOTP, 2FA/MFA code, passcode               | passcode       | one-time codes authorise actions               |
// | token, access/bearer/refresh token              | token          |                                                |
// | max tokens, token budget / limit / count        | not sensitive  | LLM usage settings, not credentials            |
// | api key, apiKey, x-api-key, access key, app key | api-key        |                                                |
// | access key ID, key ID                           | not sensitive  | an identifier, published alongside the secret  |
// | key results, primary key, sort key, keyboard    | not sensitive  | `key` alone is an ordinary word                |
// | secret, client secret, "your secret key"        | secret         | also when only the description asks for it     |
// | private key, SSH/signing key, seed phrase       | private-key    |                                                |
// | credentials, connection string, license key     | credential     | a connection string usually embeds a password  |
// | card number, credit card, CVV/CVC, security code| card-…         |                                                |
// | SSN, social security / insurance number         | social-…       |                                                |
// | username, user name, email, account name        | not sensitive  | identifiers (spec: not banned outright)        |
// | a description that only mentions a password     | sensitive      | erring on the side of the warning               |
import type { ElicitRequestedSchema, SensitiveField, SensitiveReason } from './types.js';

// First match wins; the optional third pattern vetoes the rule (LLM usage wording around "token").
const RULES: [SensitiveReason, RegExp, RegExp?][] = [
  ['password', /pass(word|wd|phrase)|\bpwd\b/],
  ['passcode', /passcode|\b(t?otp|2 ?fa|mfa)\b/],
  ['card-security-code', /\b(cvv|cvc)\d?\b|security code/],
  ['card-number', /\b(credit|debit|card|cc) (card|number|num|no)\b/],
  ['social-security-number', /\bssn\b|social security/],
  ['pin', /\bpin\b/],
  ['private-key', /private ?key|\bssh key|seed phrase|mnemonic/],
  ['api-key', /\b(api|access|app|client) ?keys?\b(?! id)/],
  ['secret', /\bsecrets?\b/],
  ['token', /\b(access|auth|bearer|refresh|api) tokens?\b/],
  ['token', /\btoken\b/, /\b(budget|limit|count|usage|max|min|maximum|per)\b/],
  ['credential', /\bcredentials?\b|connection string|license key/],
];

/** Lower-case words of a name or text: `apiKey`, `API_KEY`, `x-api-key` and `API Key` all give `api key`. */
const words = (text: unknown): string =>
  ` ${String(text ?? '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, ' ')} `;

/**
 * Fields that look like they ask for a secret (password, PIN, token, API key, private key, card data, SSN, …),
 * judged from the property name, title and description in a way that resists disguise (`api_key`, `apiKey`,
 * `API Key`, a "Configuration value" whose description asks for "your secret key") while leaving ordinary fields
 * (username, email, "max tokens", "key results") alone. Form mode must not be used for secrets; hosts can warn
 * or refuse ({@link SensitiveField.reason} says why).
 */
export function findSensitiveFields(schema: ElicitRequestedSchema): SensitiveField[] {
  const found: SensitiveField[] = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const {
      type,
      title,
      description,
      enum: list,
      oneOf,
    } = (typeof property === 'object' && property ? property : {}) as Record<string, unknown>;
    if (!(type === 'number' || type === 'integer' || (type === 'string' && !list && !oneOf))) continue;
    const reason = [name, title, description]
      .map(words)
      .flatMap((text) => RULES.filter(([, match, unless]) => match.test(text) && !unless?.test(text)))[0]?.[0];
    if (reason) found.push({ field: name, reason, message: `"${title || name}" looks like a secret (${reason})` });
  }
  return found;
}
