// The secret-detection corpus: form fields that ask for a secret in disguise (case styles, acronyms, plurals,
// compounds, only the description, a default or an example, a token prefix, a choice, confusable letters, leetspeak,
// spaced letters; 27 languages), look-alikes that must stay unflagged (settings named after a secret, the name
// of a secret, public halves, postal and map pins, words that mean a secret only in some contexts), and the cases the
// kit knowingly gets wrong. sensitive.test.ts asserts every entry; measureSecretCorpus() gives the figures and
// renderCorpusReport() the tables of docs/secret-detection.md (a test keeps the doc equal to them).
import { parseRequestedSchema } from '../parse.js';
import type { SensitiveReason } from '../sensitive.js';

/** The languages of the corpus (ISO 639-1). */
export type CorpusLanguage =
  | 'en'
  | 'de'
  | 'es'
  | 'fr'
  | 'pt'
  | 'it'
  | 'nl'
  | 'pl'
  | 'tr'
  | 'ja'
  | 'zh'
  | 'ru'
  | 'ko'
  | 'ar'
  | 'fa'
  | 'he'
  | 'hi'
  | 'bn'
  | 'th'
  | 'vi'
  | 'id'
  | 'ms'
  | 'uk'
  | 'sv'
  | 'cs'
  | 'ro'
  | 'el';

/** How a secret is disguised, beyond plain wording in the name or title. */
export type Disguise =
  | 'description'
  | 'default'
  | 'examples'
  | 'options'
  | 'choice'
  | 'token-prefix'
  | 'key-header'
  | 'confusable'
  | 'leetspeak'
  | 'spaced'
  | 'invisible';

/** What a look-alike is, so that false positives can be counted by class. */
export type LookAlikeClass =
  /** An LLM usage count or budget (`max_tokens`). */
  | 'llm-setting'
  /** A setting about a secret: its length, digits, expiry, policy, method, attempts. */
  | 'setting'
  /** The name, ID or label of a secret (an identifier, not its value). */
  | 'secret-name'
  /** A public half or identifier published alongside a secret (public key, key ID, certificate). */
  | 'public-part'
  /** India's postal index number ("PIN code"). */
  | 'postal-pin'
  /** A pin on a map or a board. */
  | 'map-pin'
  /** A word that means a secret only in some contexts (a Portuguese queue `senha`, Secret Santa, boarding pass). */
  | 'other-meaning'
  /** Letters shared with a secret's word (keyboard, compass, spinner, pinyin). */
  | 'shared-letters'
  /** An ordinary identifier a form may ask for (username, e-mail, country code). */
  | 'ordinary-field';

/** One form field as a server would send it. */
export interface CorpusField {
  /** What the case shows, used as the test title. */
  readonly shows: string;
  /** The property name. */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The JSON Schema type; with `options`, a single choice (`string`) or a multiple one (`array`). @default 'string' */
  readonly type?: 'string' | 'number' | 'integer' | 'array';
  readonly default?: string;
  readonly examples?: readonly string[];
  /** The options of a choice (`enum`, or `items.enum` for an array). */
  readonly options?: readonly string[];
  /** The language of the wording. @default 'en' */
  readonly lang?: CorpusLanguage;
}

/** A field that asks for a secret, and the reason the kit should give. */
export interface SecretCase extends CorpusField {
  readonly reason: SensitiveReason;
  /** How it is disguised, when it is. */
  readonly via?: Disguise;
}

/** A field that asks for no secret. */
export interface LookAlikeCase extends CorpusField {
  readonly kind: LookAlikeClass;
}

/** A field the kit gets wrong on purpose: what it is, what the kit says, and why that is accepted. */
export interface KnownLimitation extends CorpusField {
  readonly verdict: SensitiveReason | null;
  readonly why: string;
}

/** A secret the kit misses: `reason` is what it asks for. */
export interface KnownMiss extends KnownLimitation {
  readonly reason: SensitiveReason;
  readonly via?: Disguise;
}

/** A look-alike the kit flags anyway. */
export interface KnownFalseAlarm extends KnownLimitation {
  readonly kind: LookAlikeClass;
}

/** Secrets in disguise. */
export const SECRET_CASES: readonly SecretCase[] = [
  // Case styles and compounds
  { shows: 'camelCase passPhrase', name: 'passPhrase', reason: 'password' },
  { shows: 'snake_case pass_phrase', name: 'pass_phrase', reason: 'password' },
  { shows: 'camelCase passWord', name: 'passWord', reason: 'password' },
  { shows: 'title "Pass phrase"', name: 'value', title: 'Pass phrase', reason: 'password' },
  { shows: 'kebab-case new-password', name: 'new-password', reason: 'password' },
  { shows: 'glued mypassword', name: 'mypassword', reason: 'password' },
  { shows: 'SCREAMING_SNAKE DB_PASSWORD', name: 'DB_PASSWORD', reason: 'password' },
  { shows: 'dotted smtp.pass', name: 'smtp.pass', reason: 'password' },
  { shows: 'abbreviation pwd', name: 'pwd', reason: 'password' },
  { shows: 'a field named pass', name: 'pass', reason: 'password' },
  { shows: 'plural passwords', name: 'passwords', reason: 'password' },
  { shows: 'fullwidth letters', name: 'ｐａｓｓｗｏｒｄ', reason: 'password', via: 'confusable' },
  { shows: 'leetspeak p@ssw0rd', name: 'p@ssw0rd', reason: 'password', via: 'leetspeak' },
  { shows: 'a zero-width space inside', name: 'pass\u200Bword', reason: 'password', via: 'invisible' },
  { shows: 'Cyrillic а inside a Latin word', name: 'p\u0430ssword', reason: 'password', via: 'confusable' },
  { shows: 'camelCase passCode', name: 'passCode', reason: 'passcode' },
  { shows: 'PIN as an integer', name: 'pin', type: 'integer', reason: 'passcode' },
  { shows: 'acronym cardPIN', name: 'cardPIN', reason: 'passcode' },
  { shows: 'title "Access code"', name: 'code', title: 'Access code', reason: 'passcode' },
  { shows: 'camelCase signingKey', name: 'signingKey', reason: 'private-key' },
  { shows: 'snake ssh_private_key', name: 'ssh_private_key', reason: 'private-key' },
  { shows: 'title "Encryption key"', name: 'k', title: 'Encryption key', reason: 'private-key' },
  { shows: 'master key', name: 'masterKey', reason: 'private-key' },
  { shows: 'acronym run APIKey', name: 'APIKey', reason: 'api-key' },
  { shows: 'kebab x-api-key', name: 'x-api-key', reason: 'api-key' },
  { shows: 'vendor prefix openaiApiKey', name: 'openaiApiKey', reason: 'api-key' },
  { shows: 'plural apiKeys', name: 'apiKeys', reason: 'api-key' },
  { shows: 'glued OPENAIAPIKEY', name: 'OPENAIAPIKEY', reason: 'api-key' },
  { shows: 'subscription key header', name: 'Ocp-Apim-Subscription-Key', reason: 'api-key' },
  { shows: 'GITHUB_TOKEN', name: 'GITHUB_TOKEN', reason: 'token' },
  { shows: 'camelCase refreshToken', name: 'refreshToken', reason: 'token' },
  { shows: 'title "Bearer token"', name: 't', title: 'Bearer token', reason: 'token' },
  { shows: 'JWT', name: 'jwt', reason: 'token' },
  { shows: 'authorization header', name: 'header', title: 'Authorization header', reason: 'token' },
  { shows: 'plural accessTokens', name: 'accessTokens', reason: 'token' },
  { shows: 'clientSecret', name: 'clientSecret', reason: 'secret' },
  { shows: 'AWS_SECRET_ACCESS_KEY', name: 'AWS_SECRET_ACCESS_KEY', reason: 'secret' },
  { shows: 'acronym then word APIsecret', name: 'APIsecret', reason: 'secret' },
  { shows: 'webhook secret', name: 'webhookSecret', reason: 'secret' },
  { shows: 'session cookie', name: 'sessionCookie', reason: 'session' },
  { shows: 'session_id', name: 'session_id', reason: 'session' },
  { shows: 'PHPSESSID', name: 'PHPSESSID', reason: 'session' },
  { shows: 'a field named cookie', name: 'cookie', reason: 'session' },
  { shows: 'connection string', name: 'databaseConnectionString', reason: 'credential' },
  { shows: 'license key', name: 'licenseKey', reason: 'credential' },
  { shows: 'security answer', name: 'securityAnswer', reason: 'credential' },
  { shows: "mother's maiden name", name: 'q', title: "Mother's maiden name", reason: 'credential' },
  // One-time codes
  { shows: 'OTP', name: 'otp', reason: 'one-time-code' },
  { shows: 'TOTP digits as a number', name: 'totp', type: 'integer', reason: 'one-time-code' },
  { shows: 'digits apart: 2FA code', name: 'code', title: '2FA code', reason: 'one-time-code' },
  { shows: 'MFA', name: 'mfaCode', reason: 'one-time-code' },
  { shows: 'verification code', name: 'verificationCode', reason: 'one-time-code' },
  { shows: 'backup codes', name: 'backup_codes', reason: 'one-time-code' },
  { shows: 'recovery code', name: 'recoveryCode', reason: 'one-time-code' },
  { shows: 'one-time password', name: 'p', title: 'One-time password', reason: 'one-time-code' },
  // Recovery phrases
  { shows: 'seed phrase', name: 'seedPhrase', reason: 'recovery-phrase' },
  { shows: 'recovery phrase', name: 'recovery_phrase', reason: 'recovery-phrase' },
  { shows: 'mnemonic', name: 'mnemonic', reason: 'recovery-phrase' },
  { shows: 'secret recovery phrase', name: 'w', title: 'Secret Recovery Phrase', reason: 'recovery-phrase' },
  // Payment and banking
  { shows: 'cardNumber', name: 'cardNumber', reason: 'card-number' },
  { shows: 'cc_number', name: 'cc_number', reason: 'card-number' },
  { shows: 'title "Credit card"', name: 'x', title: 'Credit card', reason: 'card-number' },
  { shows: 'card number as an integer', name: 'number', title: 'Card number', type: 'integer', reason: 'card-number' },
  { shows: 'CVV', name: 'cvv', reason: 'card-security-code' },
  { shows: 'digits apart: CVC2', name: 'CVC2', reason: 'card-security-code' },
  { shows: 'security code', name: 'x', title: 'Security code', reason: 'card-security-code' },
  { shows: 'IBAN', name: 'iban', reason: 'bank-account' },
  { shows: 'routing number', name: 'routingNumber', reason: 'bank-account' },
  { shows: 'UK sort code', name: 'sortCode', reason: 'bank-account' },
  { shows: 'bank account number', name: 'bank_account_number', reason: 'bank-account' },
  // National identity numbers
  { shows: 'SSN', name: 'ssn', reason: 'national-id' },
  { shows: 'title "Social Security Number"', name: 'x', title: 'Social Security Number', reason: 'national-id' },
  { shows: 'passport number', name: 'passportNumber', reason: 'national-id' },
  { shows: 'tax ID', name: 'taxId', reason: 'national-id' },
  // Only the description gives it away
  {
    shows: 'description: your secret key',
    name: 'config',
    title: 'Configuration value',
    description: 'Paste your secret key here',
    via: 'description',
    reason: 'secret',
  },
  {
    shows: 'description: the 6-digit code we sent',
    name: 'value',
    title: 'Confirmation',
    description: 'Enter the 6-digit code we sent to your phone',
    via: 'description',
    reason: 'one-time-code',
  },
  {
    shows: 'description: the 12 words of your wallet',
    name: 'words',
    title: 'Restore',
    description: 'Type your 12-word phrase to restore the wallet',
    via: 'description',
    reason: 'recovery-phrase',
  },
  {
    shows: 'description: the API key from the dashboard',
    name: 'config',
    title: 'Configuration value',
    description: 'Your API key from the dashboard',
    via: 'description',
    reason: 'api-key',
  },
  {
    shows: 'description that only mentions a password (judgement call: flagged)',
    name: 'note',
    title: 'Note',
    description: 'Your password must not be entered here',
    via: 'description',
    reason: 'password',
  },
  // German
  { lang: 'de', shows: 'de: Passwort', name: 'passwort', reason: 'password' },
  { lang: 'de', shows: 'de: Kennwort in a compound', name: 'x', title: 'Benutzerkennwort', reason: 'password' },
  { lang: 'de', shows: 'de: Geheimzahl', name: 'x', title: 'Geheimzahl', reason: 'passcode' },
  { lang: 'de', shows: 'de: Bestätigungscode', name: 'x', title: 'Bestätigungscode', reason: 'one-time-code' },
  { lang: 'de', shows: 'de: Kreditkartennummer', name: 'x', title: 'Kreditkartennummer', reason: 'card-number' },
  { lang: 'de', shows: 'de: API-Schlüssel', name: 'x', title: 'API-Schlüssel', reason: 'api-key' },
  // Spanish
  { lang: 'es', shows: 'es: contraseña', name: 'x', title: 'Contraseña', reason: 'password' },
  { lang: 'es', shows: 'es: contrasena without the accent', name: 'contrasena', reason: 'password' },
  { lang: 'es', shows: 'es: clave alone', name: 'clave', reason: 'password' },
  {
    lang: 'es',
    shows: 'es: código de verificación',
    name: 'x',
    title: 'Código de verificación',
    reason: 'one-time-code',
  },
  { lang: 'es', shows: 'es: número de tarjeta', name: 'x', title: 'Número de tarjeta', reason: 'card-number' },
  { lang: 'es', shows: 'es: número de cuenta', name: 'x', title: 'Número de cuenta', reason: 'bank-account' },
  // French
  { lang: 'fr', shows: 'fr: mot de passe', name: 'x', title: 'Mot de passe', reason: 'password' },
  { lang: 'fr', shows: 'fr: motDePasse', name: 'motDePasse', reason: 'password' },
  { lang: 'fr', shows: 'fr: code de vérification', name: 'x', title: 'Code de vérification', reason: 'one-time-code' },
  { lang: 'fr', shows: 'fr: numéro de carte', name: 'x', title: 'Numéro de carte', reason: 'card-number' },
  { lang: 'fr', shows: 'fr: clé API', name: 'x', title: 'Clé API', reason: 'api-key' },
  // Portuguese
  { lang: 'pt', shows: 'pt: senha', name: 'senha', reason: 'password' },
  { lang: 'pt', shows: 'pt: novaSenha', name: 'novaSenha', reason: 'password' },
  { lang: 'pt', shows: 'pt: palavra-passe', name: 'x', title: 'Palavra-passe', reason: 'password' },
  {
    lang: 'pt',
    shows: 'pt: código de verificação',
    name: 'x',
    title: 'Código de verificação',
    reason: 'one-time-code',
  },
  { lang: 'pt', shows: 'pt: CPF', name: 'cpf', reason: 'national-id' },
  // Italian
  { shows: "it: parola d'ordine", name: 'x', title: "Parola d'ordine", reason: 'password' },
  { lang: 'it', shows: 'it: codice di verifica', name: 'x', title: 'Codice di verifica', reason: 'one-time-code' },
  { lang: 'it', shows: 'it: numero della carta', name: 'x', title: 'Numero della carta', reason: 'card-number' },
  { lang: 'it', shows: 'it: codice fiscale', name: 'x', title: 'Codice fiscale', reason: 'national-id' },
  // Japanese
  {
    lang: 'ja',
    shows: 'ja: パスワード in a sentence',
    name: 'x',
    title: 'パスワードを入力してください',
    reason: 'password',
  },
  { lang: 'ja', shows: 'ja: 暗証番号', name: 'x', title: '暗証番号', reason: 'passcode' },
  { lang: 'ja', shows: 'ja: 認証コード', name: 'x', title: '認証コード', reason: 'one-time-code' },
  { lang: 'ja', shows: 'ja: APIキー, Latin and katakana', name: 'x', title: 'APIキー', reason: 'api-key' },
  { lang: 'ja', shows: 'ja: クレジットカード番号', name: 'x', title: 'クレジットカード番号', reason: 'card-number' },
  { lang: 'ja', shows: 'ja: half-width katakana', name: 'x', title: 'ﾊﾟｽﾜｰﾄﾞ', reason: 'password' },
  // Chinese
  { lang: 'zh', shows: 'zh: 密码', name: 'x', title: '密码', reason: 'password' },
  { lang: 'zh', shows: 'zh: 口令', name: 'x', title: '口令', reason: 'password' },
  { lang: 'zh', shows: 'zh: 验证码 in a sentence', name: 'x', title: '请输入验证码', reason: 'one-time-code' },
  { lang: 'zh', shows: 'zh: 信用卡号', name: 'x', title: '信用卡号', reason: 'card-number' },
  { lang: 'zh', shows: 'zh: 助记词', name: 'x', title: '助记词', reason: 'recovery-phrase' },
  { lang: 'zh', shows: 'zh: traditional 密碼', name: 'x', title: '密碼', reason: 'password' },
  // Russian
  { lang: 'ru', shows: 'ru: пароль', name: 'x', title: 'Пароль', reason: 'password' },
  {
    lang: 'ru',
    shows: 'ru: пароль declined',
    name: 'x',
    description: 'Войдите с паролем',
    reason: 'password',
    via: 'description',
  },
  { lang: 'ru', shows: 'ru: PIN-код', name: 'x', title: 'PIN-код', reason: 'passcode' },
  { lang: 'ru', shows: 'ru: код подтверждения', name: 'x', title: 'Код подтверждения', reason: 'one-time-code' },
  { lang: 'ru', shows: 'ru: номер карты', name: 'x', title: 'Номер карты', reason: 'card-number' },
  { lang: 'ru', shows: 'ru: ё written as е', name: 'x', title: 'Номер счета', reason: 'bank-account' },
  // ── Spelling evasions ──
  { shows: 'Cyrillic а inside password', name: 'userP\u0430ssword', reason: 'password', via: 'confusable' },
  { shows: 'Cyrillic Т, о, е in Token', name: 'x', title: '\u0422\u043ek\u0435n', reason: 'token', via: 'confusable' },
  { shows: 'Greek ρ for p', name: 'x', title: '\u03c1assword', reason: 'password', via: 'confusable' },
  {
    shows: 'Greek ο and Cyrillic с in secret',
    name: 'x',
    title: 'Client s\u0435\u0441ret',
    reason: 'secret',
    via: 'confusable',
  },
  {
    shows: 'small capitals',
    name: 'x',
    title: '\u1d18\u1d00ss\u1d21\u1d0f\u0280\u1d05',
    reason: 'password',
    via: 'confusable',
  },
  {
    shows: 'mathematical bold letters',
    name: 'x',
    title: '\ud835\udc0f\ud835\udc08\ud835\udc0d',
    reason: 'passcode',
    via: 'confusable',
  },
  {
    shows: 'fullwidth API key',
    name: 'x',
    title: '\uff21\uff30\uff29\u3000\uff4b\uff45\uff59',
    reason: 'api-key',
    via: 'confusable',
  },
  {
    shows: 'Cyrillic-only look-alike of pass',
    name: '\u0440\u0430\u0455\u0455',
    reason: 'password',
    via: 'confusable',
  },
  { shows: 'leetspeak p4ssw0rd', name: 'p4ssw0rd', reason: 'password', via: 'leetspeak' },
  { shows: 'leetspeak with signs', name: 'x', title: 'Your P@$$w0rd', reason: 'password', via: 'leetspeak' },
  { shows: 'leetspeak t0k3n', name: 'x', title: 'API t0k3n', reason: 'token', via: 'leetspeak' },
  { shows: 'leetspeak s3cr3t k3y', name: 'x', title: 's3cr3t k3y', reason: 'secret', via: 'leetspeak' },
  { shows: 'leetspeak cr3d1t c4rd', name: 'x', title: 'cr3d1t c4rd', reason: 'card-number', via: 'leetspeak' },
  { shows: 'letters spaced out', name: 'x', title: 'P a s s w o r d', reason: 'password', via: 'spaced' },
  { shows: 'letters with hyphens', name: 'x', title: 'O-T-P', reason: 'one-time-code', via: 'spaced' },
  { shows: 'letters with dots', name: 'x', title: 'S.S.N.', reason: 'national-id', via: 'spaced' },
  {
    shows: 'parenthesised letters',
    name: 'x',
    title: '\u24ab\u249c\u24ae\u24ae',
    reason: 'password',
    via: 'confusable',
  },
  { shows: 'a soft hyphen inside', name: 'x', title: 'Pass\u00adword', reason: 'password', via: 'invisible' },
  // ── Token prefixes and key headers ──
  {
    shows: 'description: a key that starts with sk-',
    name: 'value',
    title: 'Value',
    description: 'It starts with sk- and is shown once on the dashboard',
    reason: 'api-key',
    via: 'token-prefix',
  },
  {
    shows: 'default: a Stripe live key',
    name: 'conf',
    default: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    reason: 'api-key',
    via: 'token-prefix',
  },
  {
    shows: 'example: a GitHub PAT',
    name: 'conf',
    examples: ['ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
    reason: 'token',
    via: 'token-prefix',
  },
  {
    shows: 'description: a Slack bot token',
    name: 'slack',
    description: 'Something like xoxb-1234-5678-abcd',
    reason: 'token',
    via: 'token-prefix',
  },
  {
    shows: 'description: a Hugging Face token',
    name: 'hub',
    description: 'Your Hugging Face value (hf_…)',
    reason: 'token',
    via: 'token-prefix',
  },
  {
    shows: 'example: an AWS access key',
    name: 'aws',
    examples: ['AKIAIOSFODNN7EXAMPLE'],
    reason: 'api-key',
    via: 'token-prefix',
  },
  {
    shows: 'example: a GitLab token',
    name: 'gl',
    examples: ['glpat-xxxxxxxxxxxxxxxxxxxx'],
    reason: 'token',
    via: 'token-prefix',
  },
  {
    shows: 'example: a JSON Web Token',
    name: 'value',
    examples: ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.x'],
    reason: 'token',
    via: 'token-prefix',
  },
  {
    shows: 'example: a Google API key',
    name: 'maps',
    examples: ['AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY'],
    reason: 'api-key',
    via: 'token-prefix',
  },
  {
    shows: 'example: a Stripe webhook secret',
    name: 'hook',
    examples: ['whsec_abc123'],
    reason: 'secret',
    via: 'token-prefix',
  },
  {
    shows: 'description: a PEM private key header',
    name: 'pem',
    title: 'Deploy value',
    description: 'Paste the block beginning with -----BEGIN OPENSSH',
    reason: 'private-key',
    via: 'key-header',
  },
  {
    shows: 'default: an RSA key block',
    name: 'blob',
    default: '-----BEGIN RSA PRIVATE KEY-----\nMIIE',
    reason: 'private-key',
    via: 'key-header',
  },
  // ── Only a default or an example names it ──
  {
    shows: 'example: your-api-key-here',
    name: 'setting',
    examples: ['your-api-key-here'],
    reason: 'api-key',
    via: 'examples',
  },
  {
    shows: 'default: a placeholder password',
    name: 'field1',
    default: 'enter-password',
    reason: 'password',
    via: 'default',
  },
  // ── Secrets collected through a choice ──
  {
    shows: 'a PIN picked from a list',
    name: 'pin',
    options: ['1234', '4321', '0000'],
    reason: 'passcode',
    via: 'choice',
  },
  {
    shows: 'recovery words picked from a list',
    name: 'words',
    title: 'Select the words of your recovery phrase',
    type: 'array',
    options: ['apple', 'river', 'zebra'],
    reason: 'recovery-phrase',
    via: 'choice',
  },
  {
    shows: 'a security answer picked from a list',
    name: 'q',
    title: 'Security answer',
    options: ['Rex', 'Fido'],
    reason: 'credential',
    via: 'choice',
  },
  {
    shows: 'API keys offered as options',
    name: 'key',
    title: 'Which one?',
    options: ['sk_live_aaaaaaaaaaaa', 'sk_live_bbbbbbbbbbbb'],
    reason: 'api-key',
    via: 'options',
  },
  // ── Authenticator apps ──
  { shows: 'authenticator app code', name: 'mfa', title: 'Code from your authenticator app', reason: 'one-time-code' },
  {
    shows: 'Google Authenticator',
    name: 'x',
    description: 'Open Google Authenticator and type the number it shows',
    reason: 'one-time-code',
    via: 'description',
  },
  { shows: 'Authy', name: 'x', title: 'Authy code', reason: 'one-time-code' },
  { shows: 'TOTP in snake case', name: 'totp_code', type: 'integer', reason: 'one-time-code' },
  { shows: 'six-digit code, spelled out', name: 'x', title: 'Six-digit code', reason: 'one-time-code' },
  // ── Codes sent by e-mail or text ──
  { shows: 'email code', name: 'emailCode', reason: 'one-time-code' },
  {
    shows: 'the code from the email',
    name: 'x',
    description: 'Enter the code from the email we just sent you',
    reason: 'one-time-code',
    via: 'description',
  },
  { shows: 'the code we just sent', name: 'x', title: 'Code we just sent', reason: 'one-time-code' },
  {
    shows: 'code via SMS',
    name: 'x',
    description: 'A code via SMS confirms the change',
    reason: 'one-time-code',
    via: 'description',
  },
  { shows: 'magic code', name: 'magicCode', reason: 'one-time-code' },
  {
    shows: 'digits we texted',
    name: 'x',
    description: 'Type the digits we texted to your phone',
    reason: 'one-time-code',
    via: 'description',
  },
  {
    shows: 'the six digits we texted',
    name: 'x',
    description: 'Type the six digits we texted you',
    reason: 'one-time-code',
    via: 'description',
  },
  // ── Wi-Fi passwords ──
  { shows: 'Wi-Fi password', name: 'wifiPassword', reason: 'password' },
  { shows: 'WPA2 key', name: 'x', title: 'WPA2 key', reason: 'password' },
  { shows: 'network security key', name: 'x', title: 'Network security key', reason: 'password' },
  { shows: 'pre-shared key', name: 'psk', reason: 'password' },
  { lang: 'de', shows: 'de: WLAN-Schlüssel', name: 'x', title: 'WLAN-Schlüssel', reason: 'password' },
  { lang: 'fr', shows: 'fr: clé Wi-Fi', name: 'x', title: 'Clé Wi-Fi de la box', reason: 'password' },
  { lang: 'es', shows: 'es: clave de red', name: 'x', title: 'Clave de red', reason: 'password' },
  // ── Vault unseal keys and disk recovery keys ──
  { shows: 'Vault unseal key', name: 'unsealKey', reason: 'secret' },
  { shows: 'a key share', name: 'x', title: 'Your key share (3 of 5)', reason: 'secret' },
  { shows: 'Shamir share', name: 'shamirShare', reason: 'secret' },
  { shows: 'BitLocker recovery key', name: 'x', title: 'BitLocker recovery key', reason: 'secret' },
  { shows: 'FileVault recovery key', name: 'fvKey', title: 'FileVault key', reason: 'secret' },
  { shows: 'recovery key glued', name: 'RECOVERYKEY', reason: 'secret' },
  {
    lang: 'de',
    shows: 'de: Wiederherstellungsschlüssel',
    name: 'x',
    title: 'Wiederherstellungsschlüssel',
    reason: 'secret',
  },
  // ── Bank TANs ──
  { lang: 'de', shows: 'de: TAN', name: 'tan', title: 'TAN', reason: 'one-time-code' },
  { lang: 'de', shows: 'de: pushTAN', name: 'pushTan', title: 'pushTAN', reason: 'one-time-code' },
  {
    lang: 'de',
    shows: 'de: TAN in a sentence',
    name: 'x',
    description: 'Bitte die TAN aus der App eingeben',
    reason: 'one-time-code',
    via: 'description',
  },
  { lang: 'de', shows: 'de: Freigabecode', name: 'x', title: 'Freigabecode', reason: 'one-time-code' },
  {
    shows: 'transaction authentication number',
    name: 'x',
    title: 'Transaction authentication number',
    reason: 'one-time-code',
  },
  // ── More of every class, new wordings ──
  { shows: 'confirm password', name: 'confirmPassword', reason: 'password' },
  { shows: 'current passphrase in kebab case', name: 'current-passphrase', reason: 'password' },
  { shows: 'SIM PUK', name: 'x', title: 'PUK', reason: 'passcode' },
  { shows: 'alarm code', name: 'alarmCode', reason: 'passcode' },
  {
    shows: 'gate code',
    name: 'x',
    description: 'The gate code for the building',
    reason: 'passcode',
    via: 'description',
  },
  {
    shows: '12-word mnemonic',
    name: 'x',
    description: 'The 24 word phrase from setup',
    reason: 'recovery-phrase',
    via: 'description',
  },
  { shows: 'seed word number 7', name: 'seedWord7', reason: 'recovery-phrase' },
  { shows: 'extended private key', name: 'xprv', reason: 'private-key' },
  { shows: 'PGP key', name: 'pgpKey', reason: 'private-key' },
  { shows: 'decryption key', name: 'x', title: 'Decryption key', reason: 'private-key' },
  { shows: 'developer key', name: 'developer_key', reason: 'api-key' },
  { shows: 'app key of a vendor', name: 'ALGOLIA_APP_KEY', reason: 'api-key' },
  { shows: 'personal access token', name: 'x', title: 'Personal access token', reason: 'token' },
  { shows: 'PAT in capitals', name: 'x', title: 'GitHub PAT', reason: 'token' },
  { shows: 'bearer header value', name: 'authorizationHeader', reason: 'token' },
  { shows: 'OAuth client secret', name: 'oauthClientSecret', reason: 'secret' },
  { shows: 'signing secret', name: 'x', title: 'Signing secret', reason: 'secret' },
  { shows: 'SMTP credentials', name: 'smtpCredentials', reason: 'credential' },
  { shows: 'product key', name: 'x', title: 'Windows product key', reason: 'credential' },
  { shows: 'session token', name: 'x', title: 'Session token', reason: 'session' },
  { shows: 'auth cookie', name: 'authCookie', reason: 'session' },
  { shows: 'debit card', name: 'x', title: 'Debit card', reason: 'card-number' },
  { shows: 'card number in snake case', name: 'card_no', reason: 'card-number' },
  { shows: 'CVC', name: 'x', title: 'CVC', reason: 'card-security-code' },
  { shows: 'card verification value', name: 'x', title: 'Card verification value', reason: 'card-security-code' },
  {
    shows: 'routing and account',
    name: 'x',
    title: 'Account number',
    description: 'For the direct debit',
    reason: 'bank-account',
  },
  { shows: 'BSB', name: 'bsb', reason: 'bank-account' },
  { shows: 'national insurance number', name: 'x', title: 'National Insurance number', reason: 'national-id' },
  { shows: "driver's licence number", name: 'x', title: "Driver's licence number", reason: 'national-id' },
  // ── Dutch ──
  { lang: 'nl', shows: 'nl: wachtwoord', name: 'x', title: 'Wachtwoord', reason: 'password' },
  { lang: 'nl', shows: 'nl: nieuw wachtwoord glued', name: 'nieuwWachtwoord', reason: 'password' },
  { lang: 'nl', shows: 'nl: pincode', name: 'x', title: 'Pincode', reason: 'passcode' },
  { lang: 'nl', shows: 'nl: verificatiecode', name: 'x', title: 'Verificatiecode', reason: 'one-time-code' },
  {
    lang: 'nl',
    shows: 'nl: sms-code',
    name: 'x',
    description: 'Vul de sms-code in',
    reason: 'one-time-code',
    via: 'description',
  },
  { lang: 'nl', shows: 'nl: herstelzin', name: 'x', title: 'Herstelzin', reason: 'recovery-phrase' },
  { lang: 'nl', shows: 'nl: privésleutel', name: 'x', title: 'Privésleutel', reason: 'private-key' },
  { lang: 'nl', shows: 'nl: API-sleutel', name: 'x', title: 'API-sleutel', reason: 'api-key' },
  { lang: 'nl', shows: 'nl: toegangstoken', name: 'x', title: 'Toegangstoken', reason: 'token' },
  { lang: 'nl', shows: 'nl: inloggegevens', name: 'x', title: 'Inloggegevens', reason: 'credential' },
  { lang: 'nl', shows: 'nl: creditcardnummer', name: 'x', title: 'Creditcardnummer', reason: 'card-number' },
  { lang: 'nl', shows: 'nl: beveiligingscode', name: 'x', title: 'Beveiligingscode', reason: 'card-security-code' },
  { lang: 'nl', shows: 'nl: rekeningnummer', name: 'x', title: 'Rekeningnummer', reason: 'bank-account' },
  { lang: 'nl', shows: 'nl: BSN', name: 'x', title: 'BSN', reason: 'national-id' },
  { lang: 'nl', shows: 'nl: herstelsleutel', name: 'x', title: 'Herstelsleutel', reason: 'secret' },
  // ── Polish ──
  { lang: 'pl', shows: 'pl: hasło', name: 'x', title: 'Hasło', reason: 'password' },
  { lang: 'pl', shows: 'pl: haslo without the stroke', name: 'noweHaslo', reason: 'password' },
  {
    lang: 'pl',
    shows: 'pl: hasła declined',
    name: 'x',
    description: 'Podaj swoje hasła do konta',
    reason: 'password',
    via: 'description',
  },
  { lang: 'pl', shows: 'pl: kod PIN', name: 'x', title: 'Kod PIN', reason: 'passcode' },
  { lang: 'pl', shows: 'pl: kod weryfikacyjny', name: 'x', title: 'Kod weryfikacyjny', reason: 'one-time-code' },
  { lang: 'pl', shows: 'pl: kod z SMS', name: 'x', title: 'Kod SMS', reason: 'one-time-code' },
  { lang: 'pl', shows: 'pl: klucz prywatny', name: 'x', title: 'Klucz prywatny', reason: 'private-key' },
  { lang: 'pl', shows: 'pl: klucz API', name: 'x', title: 'Klucz API', reason: 'api-key' },
  { lang: 'pl', shows: 'pl: numer karty', name: 'x', title: 'Numer karty', reason: 'card-number' },
  { lang: 'pl', shows: 'pl: numer konta', name: 'x', title: 'Numer konta', reason: 'bank-account' },
  { lang: 'pl', shows: 'pl: PESEL', name: 'x', title: 'PESEL', reason: 'national-id' },
  { lang: 'pl', shows: 'pl: dane logowania', name: 'x', title: 'Dane logowania', reason: 'credential' },
  { lang: 'pl', shows: 'pl: fraza odzyskiwania', name: 'x', title: 'Fraza odzyskiwania', reason: 'recovery-phrase' },
  // ── Turkish ──
  { lang: 'tr', shows: 'tr: şifre', name: 'x', title: 'Şifre', reason: 'password' },
  {
    lang: 'tr',
    shows: 'tr: şifreniz in a sentence',
    name: 'x',
    description: 'Lütfen şifrenizi girin',
    reason: 'password',
    via: 'description',
  },
  { lang: 'tr', shows: 'tr: parolanız', name: 'x', title: 'Parolanız', reason: 'password' },
  { lang: 'tr', shows: 'tr: sifre without cedilla', name: 'yeniSifre', reason: 'password' },
  { lang: 'tr', shows: 'tr: doğrulama kodu', name: 'x', title: 'Doğrulama kodu', reason: 'one-time-code' },
  { lang: 'tr', shows: 'tr: SMS kodu', name: 'x', title: 'SMS kodu', reason: 'one-time-code' },
  { lang: 'tr', shows: 'tr: PIN kodu', name: 'x', title: 'PIN kodu', reason: 'passcode' },
  { lang: 'tr', shows: 'tr: kredi kartı', name: 'x', title: 'Kredi kartı numarası', reason: 'card-number' },
  { lang: 'tr', shows: 'tr: güvenlik kodu', name: 'x', title: 'Güvenlik kodu', reason: 'card-security-code' },
  { lang: 'tr', shows: 'tr: hesap numarası', name: 'x', title: 'Hesap numarası', reason: 'bank-account' },
  { lang: 'tr', shows: 'tr: TC kimlik numarası', name: 'x', title: 'TC kimlik numarası', reason: 'national-id' },
  { lang: 'tr', shows: 'tr: API anahtarı', name: 'x', title: 'API anahtarı', reason: 'api-key' },
  { lang: 'tr', shows: 'tr: özel anahtar', name: 'x', title: 'Özel anahtar', reason: 'private-key' },
  { lang: 'tr', shows: 'tr: kurtarma ifadesi', name: 'x', title: 'Kurtarma ifadesi', reason: 'recovery-phrase' },
  // ── Italian ──
  { lang: 'it', shows: 'it: password del Wi-Fi', name: 'x', title: 'Password del Wi-Fi', reason: 'password' },
  { lang: 'it', shows: 'it: codice PIN', name: 'x', title: 'Codice PIN', reason: 'passcode' },
  {
    lang: 'it',
    shows: 'it: codice ricevuto via SMS',
    name: 'x',
    description: 'Inserisci il codice ricevuto via SMS',
    reason: 'one-time-code',
    via: 'description',
  },
  { lang: 'it', shows: 'it: chiave privata', name: 'x', title: 'Chiave privata', reason: 'private-key' },
  { lang: 'it', shows: 'it: chiave API', name: 'x', title: 'Chiave API', reason: 'api-key' },
  { lang: 'it', shows: 'it: credenziali', name: 'x', title: 'Credenziali di accesso', reason: 'credential' },
  {
    lang: 'it',
    shows: 'it: numero carta di credito',
    name: 'x',
    title: 'Numero carta di credito',
    reason: 'card-number',
  },
  { lang: 'it', shows: 'it: IBAN', name: 'x', title: 'IBAN del conto', reason: 'bank-account' },
  { lang: 'it', shows: 'it: chiave di ripristino', name: 'x', title: 'Chiave di ripristino', reason: 'secret' },
  {
    lang: 'it',
    shows: 'it: frase di recupero',
    name: 'x',
    title: 'Frase di recupero del portafoglio',
    reason: 'recovery-phrase',
  },
  // ── Other languages, new wordings ──
  { lang: 'de', shows: 'de: Code aus der App', name: 'x', title: 'Code aus der App', reason: 'one-time-code' },
  { lang: 'de', shows: 'de: Kennwort bestätigen', name: 'x', title: 'Kennwort bestätigen', reason: 'password' },
  {
    lang: 'es',
    shows: 'es: código enviado',
    name: 'x',
    description: 'Escribe el código enviado a tu correo',
    reason: 'one-time-code',
    via: 'description',
  },
  { lang: 'es', shows: 'es: clave privada', name: 'x', title: 'Clave privada', reason: 'private-key' },
  { lang: 'fr', shows: 'fr: code reçu par SMS', name: 'x', title: 'Code reçu par SMS', reason: 'one-time-code' },
  { lang: 'fr', shows: 'fr: mot de passe du Wi-Fi', name: 'x', title: 'Mot de passe du Wi-Fi', reason: 'password' },
  { lang: 'pt', shows: 'pt: senha do banco', name: 'x', title: 'Senha do banco', reason: 'password' },
  {
    lang: 'pt',
    shows: 'pt: código do aplicativo',
    name: 'x',
    title: 'Código do aplicativo autenticador',
    reason: 'one-time-code',
  },
  { lang: 'ja', shows: 'ja: 二段階認証', name: 'x', title: '二段階認証のコード', reason: 'one-time-code' },
  { lang: 'ja', shows: 'ja: 回復キー', name: 'x', title: '回復キー', reason: 'secret' },
  { lang: 'zh', shows: 'zh: 短信验证码', name: 'x', title: '短信验证码', reason: 'one-time-code' },
  { lang: 'zh', shows: 'zh: 支付密码', name: 'x', title: '支付密码', reason: 'password' },
  { lang: 'ru', shows: 'ru: код из SMS', name: 'x', title: 'Код из SMS', reason: 'one-time-code' },
  { lang: 'ru', shows: 'ru: ключ восстановления', name: 'x', title: 'Ключ восстановления', reason: 'secret' },
  { lang: 'ko', shows: 'ko: 비밀번호', name: 'x', title: '비밀번호', reason: 'password' },
  { lang: 'ko', shows: 'ko: 인증번호', name: 'x', title: '인증번호 입력', reason: 'one-time-code' },
  // ── More new wordings ──
  { shows: 'magic link code', name: 'x', title: 'Magic link code', reason: 'one-time-code' },
  {
    shows: 'code from the text message',
    name: 'x',
    description: 'Copy the code from the text message',
    reason: 'one-time-code',
    via: 'description',
  },
  { shows: 'password reset code', name: 'resetCode', title: 'Password reset code', reason: 'one-time-code' },
  { shows: 'reset your password', name: 'x', title: 'Reset your password', reason: 'password' },
  { shows: 'leetspeak in capitals', name: 'x', title: 'P4$$W0RD', reason: 'password', via: 'leetspeak' },
  { shows: 'Greek capital Rho in PIN', name: 'x', title: '\u03a1IN', reason: 'passcode', via: 'confusable' },
  { shows: 'spaced capitals', name: 'x', title: 'A P I  K E Y', reason: 'api-key', via: 'spaced' },
  {
    shows: 'a PIN described by its digits',
    name: 'x',
    description: 'Your PIN is 4 digits',
    reason: 'passcode',
    via: 'description',
  },
  { lang: 'de', shows: 'de: mobileTAN', name: 'x', title: 'mobileTAN', reason: 'one-time-code' },
  { lang: 'pl', shows: 'pl: kod BLIK', name: 'x', title: 'Kod BLIK', reason: 'one-time-code' },
  { lang: 'tr', shows: 'tr: kart şifresi', name: 'x', title: 'Kart şifresi', reason: 'password' },
  { lang: 'ja', shows: 'ja: OTPコードを入力', name: 'x', title: 'OTPコードを入力', reason: 'one-time-code' },
  // ── Issue 33: the languages most used on the web, natively written ──
  // Arabic (right to left; with an RTL mark, a tatweel and vowel marks)
  { lang: 'ar', shows: 'ar: كلمة المرور', name: 'x', title: 'كلمة المرور', reason: 'password' },
  { lang: 'ar', shows: 'ar: كلمة مرورك', name: 'x', title: 'أدخل كلمة مرورك', reason: 'password' },
  {
    lang: 'ar',
    shows: 'ar: an RTL mark and a tatweel inside',
    name: 'x',
    title: '\u200fكلمـــة المرور',
    reason: 'password',
    via: 'invisible',
  },
  { lang: 'ar', shows: 'ar: vowel marks', name: 'x', title: 'كَلِمَةُ السِّرِّ', reason: 'password' },
  { lang: 'ar', shows: 'ar: رمز التحقق', name: 'x', title: 'رمز التحقق', reason: 'one-time-code' },
  { lang: 'ar', shows: 'ar: رقم البطاقة', name: 'x', title: 'رقم البطاقة', reason: 'card-number' },
  { lang: 'ar', shows: 'ar: الرقم السري', name: 'x', title: 'الرقم السري', reason: 'passcode' },
  { lang: 'ar', shows: 'ar: مفتاح API', name: 'x', title: 'مفتاح API', reason: 'api-key' },
  { lang: 'ar', shows: 'ar: رقم الهوية الوطنية', name: 'x', title: 'رقم الهوية الوطنية', reason: 'national-id' },
  // Persian (with a zero-width non-joiner; Arabic-keyboard `ي` and `ك`)
  { lang: 'fa', shows: 'fa: رمز عبور', name: 'x', title: 'رمز عبور', reason: 'password' },
  { lang: 'fa', shows: 'fa: گذرواژه', name: 'x', title: 'گذرواژه', reason: 'password' },
  { lang: 'fa', shows: 'fa: a ZWNJ inside', name: 'x', title: 'رمز\u200cعبور', reason: 'password', via: 'invisible' },
  { lang: 'fa', shows: 'fa: کد تایید', name: 'x', title: 'کد تأیید', reason: 'one-time-code' },
  { lang: 'fa', shows: 'fa: Arabic keyboard', name: 'x', title: 'كد تاييد', reason: 'one-time-code' },
  { lang: 'fa', shows: 'fa: شماره کارت', name: 'x', title: 'شماره کارت', reason: 'card-number' },
  { lang: 'fa', shows: 'fa: کد ملی', name: 'x', title: 'کد ملی', reason: 'national-id' },
  // Hebrew (with and without points; prefixed `ה`)
  { lang: 'he', shows: 'he: סיסמה', name: 'x', title: 'סיסמה', reason: 'password' },
  { lang: 'he', shows: 'he: הזן את הסיסמה', name: 'x', title: 'הזן את הסיסמה שלך', reason: 'password' },
  { lang: 'he', shows: 'he: points', name: 'x', title: 'סִיסְמָה', reason: 'password' },
  { lang: 'he', shows: 'he: קוד אימות', name: 'x', title: 'קוד אימות', reason: 'one-time-code' },
  { lang: 'he', shows: 'he: מספר כרטיס אשראי', name: 'x', title: 'מספר כרטיס אשראי', reason: 'card-number' },
  { lang: 'he', shows: 'he: מספר תעודת זהות', name: 'x', title: 'מספר תעודת זהות', reason: 'national-id' },
  // Hindi
  { lang: 'hi', shows: 'hi: पासवर्ड', name: 'x', title: 'पासवर्ड', reason: 'password' },
  { lang: 'hi', shows: 'hi: अपना पासवर्ड दर्ज करें', name: 'x', title: 'अपना पासवर्ड दर्ज करें', reason: 'password' },
  { lang: 'hi', shows: 'hi: ओटीपी', name: 'x', title: 'ओटीपी दर्ज करें', reason: 'one-time-code' },
  { lang: 'hi', shows: 'hi: यूपीआई पिन', name: 'x', title: 'यूपीआई पिन', reason: 'passcode' },
  { lang: 'hi', shows: 'hi: आधार नंबर', name: 'x', title: 'आधार नंबर', reason: 'national-id' },
  { lang: 'hi', shows: 'hi: कार्ड नंबर', name: 'x', title: 'कार्ड नंबर', reason: 'card-number' },
  // Bengali
  { lang: 'bn', shows: 'bn: পাসওয়ার্ড', name: 'x', title: 'পাসওয়ার্ড', reason: 'password' },
  { lang: 'bn', shows: 'bn: পাসওয়ার্ডটি', name: 'x', title: 'আপনার পাসওয়ার্ডটি লিখুন', reason: 'password' },
  { lang: 'bn', shows: 'bn: ওটিপি', name: 'x', title: 'ওটিপি', reason: 'one-time-code' },
  { lang: 'bn', shows: 'bn: কার্ড নম্বর', name: 'x', title: 'কার্ড নম্বর', reason: 'card-number' },
  { lang: 'bn', shows: 'bn: এনআইডি নম্বর', name: 'x', title: 'এনআইডি নম্বর', reason: 'national-id' },
  // Thai (no spaces between words)
  { lang: 'th', shows: 'th: รหัสผ่าน', name: 'x', title: 'รหัสผ่าน', reason: 'password' },
  { lang: 'th', shows: 'th: กรุณากรอกรหัสผ่าน', name: 'x', title: 'กรุณากรอกรหัสผ่าน', reason: 'password' },
  { lang: 'th', shows: 'th: รหัส OTP', name: 'x', title: 'รหัส OTP', reason: 'one-time-code' },
  { lang: 'th', shows: 'th: หมายเลขบัตรเครดิต', name: 'x', title: 'หมายเลขบัตรเครดิต', reason: 'card-number' },
  { lang: 'th', shows: 'th: เลขบัตรประชาชน', name: 'x', title: 'เลขบัตรประชาชน', reason: 'national-id' },
  // Vietnamese (with and without its accents)
  { lang: 'vi', shows: 'vi: mật khẩu', name: 'x', title: 'Mật khẩu', reason: 'password' },
  { lang: 'vi', shows: 'vi: mat khau', name: 'matKhau', reason: 'password' },
  { lang: 'vi', shows: 'vi: mã xác thực', name: 'x', title: 'Mã xác thực', reason: 'one-time-code' },
  { lang: 'vi', shows: 'vi: số thẻ tín dụng', name: 'x', title: 'Số thẻ tín dụng', reason: 'card-number' },
  { lang: 'vi', shows: 'vi: số CCCD', name: 'x', title: 'Số CCCD', reason: 'national-id' },
  { lang: 'vi', shows: 'vi: đ folded', name: 'x', title: 'Mã đăng nhập một lần: mã OTP', reason: 'one-time-code' },
  // Indonesian and Malay
  { lang: 'id', shows: 'id: kata sandi', name: 'x', title: 'Kata sandi', reason: 'password' },
  { lang: 'id', shows: 'id: kode verifikasi', name: 'x', title: 'Kode verifikasi', reason: 'one-time-code' },
  { lang: 'id', shows: 'id: nomor kartu kredit', name: 'x', title: 'Nomor kartu kredit', reason: 'card-number' },
  { lang: 'id', shows: 'id: NIK', name: 'x', title: 'NIK', reason: 'national-id' },
  { lang: 'ms', shows: 'ms: kata laluan', name: 'x', title: 'Kata laluan', reason: 'password' },
  { lang: 'ms', shows: 'ms: kod TAC', name: 'x', title: 'Masukkan kod TAC', reason: 'one-time-code' },
  { lang: 'ms', shows: 'ms: nombor kad pengenalan', name: 'x', title: 'Nombor kad pengenalan', reason: 'national-id' },
  // Ukrainian
  { lang: 'uk', shows: 'uk: пароль', name: 'x', title: 'Ваш пароль', reason: 'password' },
  { lang: 'uk', shows: 'uk: код підтвердження', name: 'x', title: 'Код підтвердження', reason: 'one-time-code' },
  { lang: 'uk', shows: 'uk: ПІН-код', name: 'x', title: 'ПІН-код', reason: 'passcode' },
  { lang: 'uk', shows: 'uk: номер картки', name: 'x', title: 'Номер картки', reason: 'card-number' },
  { lang: 'uk', shows: 'uk: РНОКПП', name: 'x', title: 'РНОКПП', reason: 'national-id' },
  // Korean
  { lang: 'ko', shows: 'ko: 비밀번호를 입력하세요', name: 'x', title: '비밀번호를 입력하세요', reason: 'password' },
  { lang: 'ko', shows: 'ko: API 키', name: 'x', title: 'API 키', reason: 'api-key' },
  { lang: 'ko', shows: 'ko: 신용카드 번호', name: 'x', title: '신용카드 번호', reason: 'card-number' },
  { lang: 'ko', shows: 'ko: 개인 키', name: 'x', title: '개인 키', reason: 'private-key' },
  // Swedish
  { lang: 'sv', shows: 'sv: lösenord', name: 'x', title: 'Lösenord', reason: 'password' },
  { lang: 'sv', shows: 'sv: nyttLösenord', name: 'nyttLosenord', reason: 'password' },
  { lang: 'sv', shows: 'sv: engångskod', name: 'x', title: 'Engångskod', reason: 'one-time-code' },
  { lang: 'sv', shows: 'sv: personnummer', name: 'x', title: 'Personnummer', reason: 'national-id' },
  // Czech
  { lang: 'cs', shows: 'cs: heslo', name: 'x', title: 'Heslo', reason: 'password' },
  { lang: 'cs', shows: 'cs: ověřovací kód', name: 'x', title: 'Ověřovací kód', reason: 'one-time-code' },
  { lang: 'cs', shows: 'cs: číslo karty', name: 'x', title: 'Číslo karty', reason: 'card-number' },
  { lang: 'cs', shows: 'cs: rodné číslo', name: 'x', title: 'Rodné číslo', reason: 'national-id' },
  // Romanian (comma and cedilla spellings of ș)
  { lang: 'ro', shows: 'ro: parolă', name: 'x', title: 'Parolă', reason: 'password' },
  { lang: 'ro', shows: 'ro: cod de verificare', name: 'x', title: 'Cod de verificare', reason: 'one-time-code' },
  { lang: 'ro', shows: 'ro: CNP', name: 'x', title: 'CNP', reason: 'national-id' },
  { lang: 'ro', shows: 'ro: cheie secretă', name: 'x', title: 'Cheie secretă', reason: 'secret' },
  // Greek (final sigma, capitals)
  { lang: 'el', shows: 'el: κωδικός πρόσβασης', name: 'x', title: 'Κωδικός πρόσβασης', reason: 'password' },
  { lang: 'el', shows: 'el: capitals', name: 'x', title: 'ΚΩΔΙΚΟΣ ΠΡΟΣΒΑΣΗΣ', reason: 'password' },
  { lang: 'el', shows: 'el: κωδικός επαλήθευσης', name: 'x', title: 'Κωδικός επαλήθευσης', reason: 'one-time-code' },
  { lang: 'el', shows: 'el: ΑΜΚΑ', name: 'x', title: 'ΑΜΚΑ', reason: 'national-id' },
  { lang: 'el', shows: 'el: αριθμός κάρτας', name: 'x', title: 'Αριθμός κάρτας', reason: 'card-number' },
  // ── Issue 33: evasions of an independent corpus ──
  {
    shows: 'a card number as the default',
    name: 'x',
    title: 'Payment',
    default: '4111 1111 1111 1111',
    reason: 'card-number',
    via: 'default',
  },
  {
    shows: 'a card number with dashes as an example',
    name: 'x',
    title: 'Reference',
    examples: ['5555-5555-5555-4444'],
    reason: 'card-number',
    via: 'examples',
  },
  {
    shows: 'a card number as an option',
    name: 'x',
    title: 'Saved method',
    options: ['378282246310005', 'cash'],
    reason: 'card-number',
    via: 'options',
  },
  {
    shows: 'a connection string with a password as the default',
    name: 'x',
    title: 'Database',
    default: 'postgres://app:hunter2@db.example.com:5432/app',
    reason: 'credential',
    via: 'default',
  },
  {
    shows: 'a connection string with a password in the description',
    name: 'dsn',
    description: 'For example redis://:hunter2@cache:6379/0',
    reason: 'credential',
    via: 'description',
  },
  { shows: 'leetspeak 4P1 k3y', name: 'x', title: '4P1 k3y', reason: 'api-key', via: 'leetspeak' },
  {
    shows: 'an AWS access key id as an example',
    name: 'x',
    title: 'Identifier',
    examples: ['AKIAIOSFODNN7EXAMPLE'],
    reason: 'api-key',
    via: 'token-prefix',
  },
  {
    shows: 'a PEM private key as the default',
    name: 'x',
    title: 'Certificate',
    default: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
    reason: 'private-key',
    via: 'key-header',
  },
];

/** Ordinary fields that share a word, a stem or a letter sequence with a secret. */
export const LOOK_ALIKE_CASES: readonly LookAlikeCase[] = [
  // LLM usage settings
  { kind: 'llm-setting', shows: 'token budget', name: 'tokenBudget', type: 'number' },
  { kind: 'llm-setting', shows: 'max tokens', name: 'maxTokens', type: 'integer' },
  { kind: 'llm-setting', shows: 'max_output_tokens', name: 'max_output_tokens', type: 'integer' },
  { kind: 'llm-setting', shows: 'token count', name: 'x', title: 'Token count', type: 'integer' },
  { kind: 'llm-setting', shows: 'token limit per request', name: 'budget', title: 'Token limit per request' },
  { kind: 'llm-setting', shows: 'tokens alone', name: 'tokens', type: 'integer' },
  { kind: 'llm-setting', lang: 'ja', shows: 'ja: トークン数', name: 'x', title: 'トークン数', type: 'integer' },
  // "key" is an ordinary word
  { kind: 'shared-letters', shows: 'keyboard layout', name: 'keyboardLayout' },
  { kind: 'shared-letters', shows: 'key results', name: 'keyResults' },
  { kind: 'shared-letters', shows: 'primary key', name: 'primaryKey' },
  { kind: 'shared-letters', shows: 'database sort key', name: 'sortKey' },
  { kind: 'shared-letters', shows: 'hotkey', name: 'hotkey' },
  { kind: 'shared-letters', shows: 'keyword', name: 'keyword' },
  { kind: 'shared-letters', lang: 'es', shows: 'keywords in Spanish', name: 'x', title: 'Palabras clave' },
  { kind: 'shared-letters', lang: 'it', shows: 'keyword in Italian', name: 'x', title: 'Parola chiave' },
  { kind: 'shared-letters', shows: 'monkey', name: 'favouriteAnimal', title: 'Monkey or turkey?' },
  { kind: 'public-part', shows: 'access key ID', name: 'awsAccessKeyId' },
  { kind: 'public-part', shows: 'key ID', name: 'keyId' },
  { kind: 'public-part', shows: 'SSH public key', name: 'sshPublicKey' },
  // Letters that spell part of a secret
  { kind: 'other-meaning', shows: 'Secret Santa', name: 'x', title: 'Secret Santa wish list' },
  { kind: 'shared-letters', shows: 'secretary', name: 'secretary' },
  { kind: 'shared-letters', shows: 'pinyin', name: 'pinYin' },
  { kind: 'shared-letters', shows: 'pinned', name: 'pinned' },
  { kind: 'shared-letters', shows: 'spinner label', name: 'spinnerLabel' },
  { kind: 'shared-letters', shows: 'pink', name: 'x', title: 'Pink or blue?' },
  { kind: 'map-pin', shows: 'map pin location', name: 'pinLocation' },
  { kind: 'shared-letters', shows: 'passenger', name: 'passengerName' },
  { kind: 'shared-letters', shows: 'passage', name: 'x', title: 'Favourite passage' },
  { kind: 'shared-letters', shows: 'compass', name: 'compass' },
  { kind: 'shared-letters', shows: 'bypass', name: 'bypassReason' },
  { kind: 'other-meaning', shows: 'boarding pass', name: 'x', title: 'Boarding pass' },
  { kind: 'other-meaning', shows: 'pass rate', name: 'passRate', type: 'number' },
  { kind: 'other-meaning', shows: 'passport alone', name: 'passport' },
  { kind: 'other-meaning', shows: 'passport expiry', name: 'passportExpiry' },
  { kind: 'shared-letters', lang: 'zh', shows: 'cryptography in Chinese', name: 'x', title: '密码学课程' },
  // Identifiers a form may ask for
  { kind: 'ordinary-field', shows: 'username', name: 'username' },
  { kind: 'ordinary-field', shows: 'user name', name: 'userName', title: 'User name' },
  { kind: 'ordinary-field', shows: 'email', name: 'email' },
  { kind: 'ordinary-field', shows: 'account name', name: 'accountName' },
  { kind: 'ordinary-field', shows: 'full name', name: 'name', title: 'Full name' },
  // Words near a secret's
  { kind: 'setting', shows: 'session length', name: 'sessionLength', type: 'integer' },
  { kind: 'other-meaning', shows: 'session title at a conference', name: 'x', title: 'Session title' },
  { kind: 'other-meaning', shows: 'cookie consent', name: 'cookieConsent' },
  { kind: 'other-meaning', shows: 'a description about cookies', name: 'x', description: 'This site uses cookies' },
  { kind: 'setting', shows: 'verification status', name: 'verificationStatus' },
  { kind: 'other-meaning', shows: 'code review', name: 'x', title: 'Code review notes' },
  { kind: 'ordinary-field', shows: 'zip code', name: 'zipCode' },
  { kind: 'ordinary-field', shows: 'country code', name: 'countryCode' },
  { kind: 'other-meaning', shows: 'promo code', name: 'promoCode' },
  { kind: 'other-meaning', shows: 'gift card message', name: 'giftCardMessage' },
  { kind: 'setting', shows: 'password length setting', name: 'passwordLength', type: 'integer' },
  { kind: 'setting', shows: 'password manager used', name: 'x', title: 'Which password manager do you use?' },
  { kind: 'other-meaning', shows: 'random seed', name: 'seed', type: 'integer' },
  { kind: 'other-meaning', shows: 'ring bearer', name: 'x', title: 'Ring bearer' },
  { kind: 'shared-letters', shows: 'XMLHttpRequest', name: 'XMLHttpRequest' },
  { kind: 'shared-letters', shows: 'APIs plural', name: 'x', title: 'APIs you use' },
  // ── Settings named after a secret, in every language ──
  { kind: 'setting', shows: 'OTP length', name: 'otpLength', type: 'integer' },
  { kind: 'setting', shows: 'OTP digits', name: 'x', title: 'OTP digits', type: 'integer' },
  {
    kind: 'setting',
    shows: 'number of digits of the one-time password',
    name: 'x',
    title: 'Length of the one-time password',
    type: 'integer',
  },
  { kind: 'setting', shows: 'token TTL in seconds', name: 'tokenTtlSeconds', type: 'integer' },
  { kind: 'setting', shows: 'token lifetime', name: 'x', title: 'Access token lifetime', type: 'integer' },
  { kind: 'setting', shows: 'PIN attempts', name: 'maxPinAttempts', type: 'integer' },
  { kind: 'setting', shows: 'minimum password length', name: 'x', title: 'Minimum password length', type: 'integer' },
  { kind: 'setting', shows: 'password expiry in days', name: 'passwordExpiryDays', type: 'integer' },
  { kind: 'setting', shows: '2FA method, a choice', name: 'x', title: '2FA method', options: ['sms', 'app'] },
  { kind: 'setting', shows: 'verification channel', name: 'otpChannel', options: ['email', 'sms'] },
  { kind: 'setting', shows: 'token type, a choice', name: 'tokenType', options: ['access', 'refresh'] },
  {
    kind: 'setting',
    shows: 'card type, a choice',
    name: 'x',
    title: 'Credit card type',
    options: ['visa', 'mastercard'],
  },
  { kind: 'setting', shows: 'API key expiry', name: 'apiKeyExpiry', options: ['30d', '90d'] },
  { kind: 'setting', shows: 'recovery code count', name: 'recoveryCodeCount', type: 'integer' },
  { kind: 'setting', shows: 'session token timeout', name: 'x', title: 'Session token timeout', type: 'integer' },
  { kind: 'setting', lang: 'de', shows: 'de: Passwortrichtlinie', name: 'x', title: 'Passwortrichtlinie' },
  {
    kind: 'setting',
    lang: 'de',
    shows: 'de: Passwortlänge',
    name: 'x',
    title: 'Mindestpasswortlänge',
    type: 'integer',
  },
  {
    kind: 'setting',
    lang: 'es',
    shows: 'es: longitud de la contraseña',
    name: 'x',
    title: 'Longitud de la contraseña',
    type: 'integer',
  },
  {
    kind: 'setting',
    lang: 'fr',
    shows: 'fr: longueur du mot de passe',
    name: 'x',
    title: 'Longueur du mot de passe',
    type: 'integer',
  },
  {
    kind: 'setting',
    lang: 'it',
    shows: 'it: lunghezza della password',
    name: 'x',
    title: 'Lunghezza minima della password',
    type: 'integer',
  },
  {
    kind: 'setting',
    lang: 'pt',
    shows: 'pt: validade do token',
    name: 'x',
    title: 'Validade do token',
    type: 'integer',
  },
  { kind: 'setting', lang: 'nl', shows: 'nl: wachtwoordlengte', name: 'x', title: 'Wachtwoordlengte', type: 'integer' },
  { kind: 'setting', lang: 'pl', shows: 'pl: długość hasła', name: 'x', title: 'Długość hasła', type: 'integer' },
  { kind: 'setting', lang: 'tr', shows: 'tr: şifre uzunluğu', name: 'x', title: 'Şifre uzunluğu', type: 'integer' },
  { kind: 'setting', lang: 'ru', shows: 'ru: длина пароля', name: 'x', title: 'Длина пароля', type: 'integer' },
  { kind: 'setting', lang: 'ja', shows: 'ja: OTPの桁数', name: 'x', title: 'OTPの桁数', type: 'integer' },
  { kind: 'setting', lang: 'ja', shows: 'ja: パスワードの長さ', name: 'x', title: 'パスワードの長さ', type: 'integer' },
  {
    kind: 'setting',
    lang: 'ja',
    shows: 'ja: 認証コードの有効期限',
    name: 'x',
    title: '認証コードの有効期限',
    type: 'integer',
  },
  { kind: 'setting', lang: 'zh', shows: 'zh: 密码长度', name: 'x', title: '密码长度', type: 'integer' },
  { kind: 'setting', lang: 'zh', shows: 'zh: 验证码位数', name: 'x', title: '验证码位数', type: 'integer' },
  // ── The name of a secret: an identifier, not its value ──
  { kind: 'secret-name', shows: 'secret name', name: 'secretName' },
  { kind: 'secret-name', shows: 'name of the API key', name: 'x', title: 'Name of the API key' },
  { kind: 'secret-name', shows: 'token label', name: 'x', title: 'Token label' },
  { kind: 'secret-name', shows: 'vault secret path', name: 'vaultSecretPath' },
  { kind: 'secret-name', shows: 'secret ARN', name: 'x', title: 'Secret ARN' },
  { kind: 'secret-name', shows: 'password ID in a manager', name: 'passwordId' },
  { kind: 'secret-name', shows: 'SSH key path', name: 'sshKeyPath' },
  { kind: 'secret-name', shows: 'secret reference', name: 'x', title: 'Secret reference' },
  { kind: 'secret-name', shows: 'bank account holder name', name: 'x', title: 'Bank account name' },
  { kind: 'secret-name', lang: 'es', shows: 'es: nombre del secreto', name: 'x', title: 'Nombre del secreto' },
  { kind: 'secret-name', lang: 'fr', shows: 'fr: nom de la clé API', name: 'x', title: "Nom de la clé d'API" },
  { kind: 'secret-name', lang: 'de', shows: 'de: Name des Tokens', name: 'x', title: 'Token-Name' },
  { kind: 'secret-name', lang: 'ja', shows: 'ja: シークレット名', name: 'x', title: 'シークレット名' },
  { kind: 'secret-name', lang: 'zh', shows: 'zh: 密钥名称', name: 'x', title: '密钥名称' },
  { kind: 'secret-name', lang: 'tr', shows: 'tr: token adı', name: 'x', title: 'Token adı' },
  // ── Public halves and identifiers ──
  {
    kind: 'public-part',
    shows: 'public certificate',
    name: 'x',
    title: 'Certificate',
    description: 'Paste the block beginning with -----BEGIN CERTIFICATE-----',
  },
  {
    kind: 'public-part',
    shows: 'a PEM public key',
    name: 'x',
    title: 'Server key',
    default: '-----BEGIN PUBLIC KEY-----',
  },
  {
    kind: 'public-part',
    shows: 'Stripe publishable key',
    name: 'x',
    title: 'Publishable key',
    examples: ['pk_live_51Habc'],
  },
  { kind: 'public-part', shows: 'API key ID', name: 'apiKeyId' },
  { kind: 'public-part', shows: 'key fingerprint', name: 'x', title: 'SSH key fingerprint' },
  // ── Postal PIN codes and map pins ──
  {
    kind: 'postal-pin',
    shows: 'Indian postal PIN code',
    name: 'x',
    title: 'PIN code',
    description: 'Six-digit postal index number of your area',
  },
  {
    kind: 'postal-pin',
    shows: 'PIN code of a postal address',
    name: 'x',
    title: 'PIN code',
    description: 'Postal code of your delivery address',
  },
  {
    kind: 'postal-pin',
    shows: 'pincode beside the district',
    name: 'pincode',
    description: 'Six digits, e.g. 110001 for your district',
  },
  {
    kind: 'postal-pin',
    shows: 'pin number of the locality',
    name: 'x',
    title: 'PIN number',
    description: 'Locality PIN (India post)',
  },
  { kind: 'map-pin', shows: 'a pin on the map', name: 'pin', description: 'Drag the pin on the map to your door' },
  { kind: 'map-pin', shows: 'pin to a board', name: 'x', title: 'Pin to board', options: ['Recipes', 'Travel'] },
  { kind: 'map-pin', shows: 'push pin colour', name: 'x', title: 'Push pin colour', options: ['red', 'blue'] },
  // ── Words that mean a secret only in some contexts ──
  {
    kind: 'other-meaning',
    lang: 'pt',
    shows: 'pt: senha of a queue',
    name: 'senha',
    title: 'Senha',
    description: 'Número da senha de atendimento na fila',
  },
  {
    kind: 'other-meaning',
    lang: 'pt',
    shows: 'pt: painel de senhas',
    name: 'x',
    title: 'Senha chamada',
    description: 'A última senha mostrada no painel',
  },
  { kind: 'other-meaning', shows: 'token bucket size', name: 'tokenBucketSize', type: 'integer' },
  { kind: 'other-meaning', shows: 'token contract address', name: 'x', title: 'Token contract address' },
  { kind: 'other-meaning', shows: 'secret ingredient', name: 'x', title: 'Secret ingredient of the recipe' },
  { kind: 'other-meaning', shows: 'tan as a colour', name: 'x', title: 'Shoe colour', options: ['tan', 'black'] },
  { kind: 'other-meaning', shows: 'forgot password link text', name: 'x', title: 'Forgot password link text' },
  {
    kind: 'other-meaning',
    shows: 'sk-learn version',
    name: 'x',
    title: 'Library',
    description: 'Which sk-learn release?',
  },
  {
    kind: 'other-meaning',
    shows: 'AKIA-like word in a sentence',
    name: 'x',
    title: 'Island',
    description: 'Akiaki is an atoll',
  },
  // ── Letters shared with a secret ──
  { kind: 'shared-letters', shows: 'Italian parola', lang: 'it', name: 'x', title: 'Parola del giorno' },
  { kind: 'shared-letters', shows: 'desk-top', name: 'x', description: 'Desk-top or laptop?' },
  { kind: 'shared-letters', shows: 'MP3 bitrate', name: 'mp3Bitrate', type: 'integer' },
  { kind: 'shared-letters', shows: 'a word with digits', name: 'x', title: 'H264 profile' },
  { kind: 'shared-letters', shows: 'A B testing', name: 'x', title: 'A/B test variant' },
  {
    kind: 'shared-letters',
    shows: 'Cyrillic word that folds to nothing',
    lang: 'ru',
    name: 'x',
    title: 'Сумма заказа',
  },
  // ── Ordinary fields ──
  { kind: 'ordinary-field', shows: 'Wi-Fi network name', name: 'ssid', title: 'Wi-Fi network name' },
  { kind: 'ordinary-field', shows: 'recovery e-mail', name: 'recoveryEmail' },
  { kind: 'ordinary-field', shows: 'phone for codes', name: 'x', title: 'Phone number' },
  { kind: 'ordinary-field', lang: 'nl', shows: 'nl: gebruikersnaam', name: 'x', title: 'Gebruikersnaam' },
  { kind: 'ordinary-field', lang: 'pl', shows: 'pl: nazwa użytkownika', name: 'x', title: 'Nazwa użytkownika' },
  { kind: 'ordinary-field', lang: 'tr', shows: 'tr: kullanıcı adı', name: 'x', title: 'Kullanıcı adı' },
  { kind: 'ordinary-field', lang: 'it', shows: 'it: nome utente', name: 'x', title: 'Nome utente' },
  // ── More new look-alikes ──
  { kind: 'setting', shows: 'number of backup codes', name: 'x', title: 'Number of backup codes', type: 'integer' },
  { kind: 'setting', shows: 'how many recovery codes', name: 'x', title: 'How many recovery codes?', type: 'integer' },
  { kind: 'setting', shows: 'unseal key threshold', name: 'x', title: 'Unseal key threshold', type: 'integer' },
  {
    kind: 'setting',
    shows: 'authenticator attachment',
    name: 'x',
    title: 'Authenticator attachment',
    options: ['platform', 'cross-platform'],
  },
  { kind: 'ordinary-field', shows: 'password reset e-mail', name: 'x', title: 'Password reset email' },
  { kind: 'other-meaning', shows: 'forgot your password', name: 'x', title: 'Forgot your password?' },
  {
    kind: 'setting',
    lang: 'ja',
    shows: 'ja: パスワードの最小文字数',
    name: 'x',
    title: 'パスワードの最小文字数',
    type: 'integer',
  },
  { kind: 'setting', lang: 'ja', shows: 'ja: OTPコードの桁数', name: 'x', title: 'OTPコードの桁数', type: 'integer' },
  // ── Issue 33: look-alikes of an independent corpus, and in every language added ──
  { kind: 'secret-name', shows: 'Token name over a field named token', name: 'token', title: 'Token name' },
  {
    kind: 'secret-name',
    shows: 'Token name, the token named in its description',
    name: 'tokenName',
    title: 'Token name',
    description: 'A name to recognise the new token by',
  },
  {
    kind: 'setting',
    shows: 'number of digits for new PINs',
    name: 'pinDigits',
    title: 'Number of digits for new PINs',
    type: 'integer',
  },
  { kind: 'setting', lang: 'ko', shows: 'ko: 비밀번호 정책', name: 'x', title: '비밀번호 정책' },
  {
    kind: 'setting',
    shows: 'password policy, the password named in its description',
    name: 'policy',
    title: 'Password policy',
    description: 'Rules every new password must follow',
  },
  { kind: 'other-meaning', shows: 'forgot-password link text', name: 'x', title: 'Forgot password link text' },
  { kind: 'setting', lang: 'ar', shows: 'ar: طول كلمة المرور', name: 'x', title: 'طول كلمة المرور', type: 'integer' },
  { kind: 'other-meaning', lang: 'ar', shows: 'ar: نسيت كلمة المرور', name: 'x', title: 'نسيت كلمة المرور؟' },
  { kind: 'setting', lang: 'fa', shows: 'fa: طول رمز عبور', name: 'x', title: 'طول رمز عبور', type: 'integer' },
  { kind: 'secret-name', lang: 'fa', shows: 'fa: نام توکن', name: 'x', title: 'نام توکن' },
  { kind: 'setting', lang: 'he', shows: 'he: מדיניות סיסמה', name: 'x', title: 'מדיניות סיסמה' },
  { kind: 'setting', lang: 'he', shows: 'he: אורך הסיסמה', name: 'x', title: 'אורך הסיסמה', type: 'integer' },
  { kind: 'setting', lang: 'hi', shows: 'hi: पासवर्ड नीति', name: 'x', title: 'पासवर्ड नीति' },
  { kind: 'secret-name', lang: 'hi', shows: 'hi: टोकन का नाम', name: 'x', title: 'टोकन का नाम' },
  { kind: 'postal-pin', lang: 'hi', shows: 'hi: पिन कोड', name: 'x', title: 'पिन कोड' },
  {
    kind: 'postal-pin',
    lang: 'hi',
    shows: 'hi: पिन beside an address',
    name: 'x',
    title: 'पिन',
    description: 'डाक पता का पिन',
  },
  { kind: 'other-meaning', lang: 'hi', shows: 'hi: a queue token number', name: 'x', title: 'टोकन नंबर' },
  { kind: 'setting', lang: 'bn', shows: 'bn: পাসওয়ার্ডের দৈর্ঘ্য', name: 'x', title: 'পাসওয়ার্ডের দৈর্ঘ্য', type: 'integer' },
  { kind: 'other-meaning', lang: 'bn', shows: 'bn: পাসওয়ার্ড ভুলে গেছেন', name: 'x', title: 'পাসওয়ার্ড ভুলে গেছেন?' },
  { kind: 'setting', lang: 'th', shows: 'th: นโยบายรหัสผ่าน', name: 'x', title: 'นโยบายรหัสผ่าน' },
  { kind: 'other-meaning', lang: 'th', shows: 'th: ลืมรหัสผ่าน', name: 'x', title: 'ลืมรหัสผ่าน' },
  { kind: 'ordinary-field', lang: 'th', shows: 'th: รหัสไปรษณีย์', name: 'x', title: 'รหัสไปรษณีย์' },
  { kind: 'setting', lang: 'vi', shows: 'vi: độ dài mật khẩu', name: 'x', title: 'Độ dài mật khẩu', type: 'integer' },
  { kind: 'other-meaning', lang: 'vi', shows: 'vi: dung lượng pin', name: 'x', title: 'Dung lượng pin (mAh)' },
  { kind: 'other-meaning', lang: 'vi', shows: 'vi: quên mật khẩu', name: 'x', title: 'Quên mật khẩu?' },
  { kind: 'setting', lang: 'id', shows: 'id: panjang kata sandi', name: 'x', title: 'Panjang kata sandi' },
  { kind: 'other-meaning', lang: 'id', shows: 'id: lupa kata sandi', name: 'x', title: 'Lupa kata sandi?' },
  { kind: 'shared-letters', lang: 'id', shows: 'id: kata kunci', name: 'x', title: 'Kata kunci' },
  { kind: 'ordinary-field', lang: 'ms', shows: 'ms: nama pengguna', name: 'x', title: 'Nama pengguna' },
  { kind: 'setting', lang: 'ms', shows: 'ms: panjang kata laluan', name: 'x', title: 'Panjang kata laluan' },
  { kind: 'setting', lang: 'uk', shows: 'uk: довжина пароля', name: 'x', title: 'Довжина пароля', type: 'integer' },
  { kind: 'secret-name', lang: 'uk', shows: 'uk: назва токена', name: 'x', title: 'Назва токена' },
  { kind: 'other-meaning', lang: 'uk', shows: 'uk: забули пароль', name: 'x', title: 'Забули пароль?' },
  { kind: 'other-meaning', lang: 'ko', shows: 'ko: 비밀번호 찾기', name: 'x', title: '비밀번호 찾기' },
  { kind: 'shared-letters', lang: 'ko', shows: 'ko: 암호화폐', name: 'x', title: '암호화폐 종류' },
  { kind: 'setting', lang: 'sv', shows: 'sv: lösenordspolicy', name: 'x', title: 'Lösenordspolicy' },
  { kind: 'other-meaning', lang: 'sv', shows: 'sv: glömt lösenord', name: 'x', title: 'Glömt lösenord?' },
  { kind: 'setting', lang: 'cs', shows: 'cs: délka hesla', name: 'x', title: 'Délka hesla', type: 'integer' },
  { kind: 'other-meaning', lang: 'cs', shows: 'cs: zapomenuté heslo', name: 'x', title: 'Zapomenuté heslo' },
  { kind: 'setting', lang: 'ro', shows: 'ro: lungimea parolei', name: 'x', title: 'Lungimea parolei', type: 'integer' },
  { kind: 'other-meaning', lang: 'ro', shows: 'ro: ai uitat parola', name: 'x', title: 'Ai uitat parola?' },
  { kind: 'setting', lang: 'el', shows: 'el: μήκος κωδικού πρόσβασης', name: 'x', title: 'Μήκος κωδικού πρόσβασης' },
  {
    kind: 'other-meaning',
    lang: 'el',
    shows: 'el: ξεχάσατε τον κωδικό',
    name: 'x',
    title: 'Ξεχάσατε τον κωδικό πρόσβασης;',
  },
  {
    kind: 'ordinary-field',
    shows: 'a long order number as the default',
    name: 'order',
    title: 'Order number',
    default: '4111 1111 1111 1112',
  },
  {
    kind: 'ordinary-field',
    shows: 'a URL with a user name only',
    name: 'repo',
    title: 'Repository',
    default: 'ssh://git@example.com:22/team/app.git',
  },
];

/** Secrets the kit misses, on purpose or for now (counted in the figures as misses). */
export const KNOWN_MISSES: readonly KnownMiss[] = [
  {
    shows: 'all-capitals glued GITHUBTOKEN',
    name: 'GITHUBTOKEN',
    reason: 'token',
    verdict: null,
    why: '`token` is not searched inside words (tokenizer, tokens); GITHUB_TOKEN and githubToken are caught',
  },
  {
    shows: 'plural "GitHub tokens" in a description',
    name: 'x',
    description: 'Paste your GitHub tokens',
    reason: 'token',
    via: 'description',
    verdict: null,
    why: '`tokens` alone is read as an LLM count',
  },
  {
    shows: 'a code described without a code word',
    name: 'x',
    description: 'Type what the text message says',
    reason: 'one-time-code',
    via: 'description',
    verdict: null,
    why: 'no wording of the vocabulary: "text message" alone is too common to flag',
  },
  {
    shows: 'Cyrillic к in a Latin word',
    name: 'x',
    title: 'to\u043ben',
    reason: 'token',
    via: 'confusable',
    verdict: null,
    why: "confusables.txt maps Cyrillic к to the Latin kra (ĸ), not to k; the kit follows Unicode's data",
  },
  {
    shows: 'the secret named only in a sibling choice',
    name: 'value',
    title: 'Value',
    description: 'The value of the kind chosen above',
    reason: 'secret',
    via: 'options',
    verdict: null,
    why: 'fields are judged one at a time, and options only by their shape: a `kind` choice of "Password", "API key" beside a bare `value` names the secret in another field (sensitive.test.ts keeps the two-field form)',
  },
];

/** Look-alikes the kit flags anyway (counted in the figures as false positives). */
export const KNOWN_FALSE_ALARMS: readonly KnownFalseAlarm[] = [
  {
    kind: 'other-meaning',
    shows: 'utility account number',
    name: 'accountNumber',
    description: 'Printed on your electricity bill',
    verdict: 'bank-account',
    why: '"account number" is flagged whatever the account',
  },
  {
    kind: 'setting',
    shows: 'the security question itself, chosen from a list',
    name: 'x',
    title: 'Security question',
    options: ['First pet', 'First school'],
    verdict: 'credential',
    why: '"security question" reads as its answer; a choice of which question is asked is flagged with it',
  },
];

/** One class of the figures: how many, and how many flagged (secrets: caught; look-alikes: false positives). */
export interface Tally {
  readonly total: number;
  readonly flagged: number;
}

/** The figures of one run over the corpus. */
export interface CorpusFigures {
  /** Secrets (SECRET_CASES and KNOWN_MISSES), how many were flagged, and how many with the expected reason. */
  readonly secrets: number;
  readonly caught: number;
  readonly rightReason: number;
  /** Look-alikes (LOOK_ALIKE_CASES and KNOWN_FALSE_ALARMS), and how many were flagged. */
  readonly lookAlikes: number;
  readonly falsePositives: number;
  /** Secrets by the reason they should get, by language and by disguise (`plain` for none). */
  readonly byReason: ReadonlyMap<SensitiveReason, Tally>;
  readonly byLanguage: ReadonlyMap<CorpusLanguage, { readonly secrets: Tally; readonly lookAlikes: Tally }>;
  readonly byDisguise: ReadonlyMap<Disguise | 'plain', Tally>;
  /** Look-alikes by class. */
  readonly byClass: ReadonlyMap<LookAlikeClass, Tally>;
}

/** The property schema of a corpus field. */
function propertyOf(field: CorpusField): Record<string, unknown> {
  const type = field.type ?? 'string';
  const property: Record<string, unknown> = { type };
  if (field.title !== undefined) {
    property['title'] = field.title;
  }
  if (field.description !== undefined) {
    property['description'] = field.description;
  }
  if (field.default !== undefined) {
    property['default'] = field.default;
  }
  if (field.examples !== undefined) {
    property['examples'] = [...field.examples];
  }
  if (field.options !== undefined) {
    if (type === 'array') {
      property['items'] = { type: 'string', enum: [...field.options] };
    } else {
      property['enum'] = [...field.options];
    }
  }
  return property;
}

/** A corpus field as a requested schema of one property. */
const schemaOf = (field: CorpusField): Record<string, unknown> => ({
  type: 'object',
  properties: { [field.name]: propertyOf(field) },
});

/** The kit's verdict on one corpus field, as the parser carries it (`sensitive`): its reason, or `null`. */
export function judgeCorpusField(field: CorpusField): SensitiveReason | null {
  const parsed = parseRequestedSchema(schemaOf(field));
  if (!parsed.ok) {
    throw new Error(`the corpus field "${field.shows}" is not a valid form: ${parsed.error.message}`);
  }
  return parsed.sensitive[0]?.reason ?? null;
}

/** Adds one case to a tally in a map. */
function count<Key>(map: Map<Key, Tally>, key: Key, flagged: boolean): void {
  const tally = map.get(key) ?? { total: 0, flagged: 0 };
  map.set(key, { total: tally.total + 1, flagged: tally.flagged + (flagged ? 1 : 0) });
}

/** Runs the detector over the whole corpus. */
export function measureSecretCorpus(): CorpusFigures {
  const byReason = new Map<SensitiveReason, Tally>();
  const byDisguise = new Map<Disguise | 'plain', Tally>();
  const byClass = new Map<LookAlikeClass, Tally>();
  const languageSecrets = new Map<CorpusLanguage, Tally>();
  const languageLookAlikes = new Map<CorpusLanguage, Tally>();
  let caught = 0;
  let rightReason = 0;
  const secrets: readonly (SecretCase | KnownMiss)[] = [...SECRET_CASES, ...KNOWN_MISSES];
  for (const field of secrets) {
    const verdict = judgeCorpusField(field);
    caught += verdict === null ? 0 : 1;
    rightReason += verdict === field.reason ? 1 : 0;
    count(byReason, field.reason, verdict !== null);
    count(byDisguise, field.via ?? 'plain', verdict !== null);
    count(languageSecrets, field.lang ?? 'en', verdict !== null);
  }
  let falsePositives = 0;
  const lookAlikes: readonly (LookAlikeCase | KnownFalseAlarm)[] = [...LOOK_ALIKE_CASES, ...KNOWN_FALSE_ALARMS];
  for (const field of lookAlikes) {
    const flagged = judgeCorpusField(field) !== null;
    falsePositives += flagged ? 1 : 0;
    count(byClass, field.kind, flagged);
    count(languageLookAlikes, field.lang ?? 'en', flagged);
  }
  const byLanguage = new Map<CorpusLanguage, { secrets: Tally; lookAlikes: Tally }>();
  for (const language of LANGUAGES) {
    byLanguage.set(language, {
      secrets: languageSecrets.get(language) ?? { total: 0, flagged: 0 },
      lookAlikes: languageLookAlikes.get(language) ?? { total: 0, flagged: 0 },
    });
  }
  return {
    secrets: secrets.length,
    caught,
    rightReason,
    lookAlikes: lookAlikes.length,
    falsePositives,
    byReason,
    byLanguage,
    byDisguise,
    byClass,
  };
}

/** The figures as one line, as the test prints them. */
export function formatCorpusFigures(figures: CorpusFigures): string {
  return (
    `secret corpus: caught ${figures.caught}/${figures.secrets} ` +
    `(${figures.rightReason} with the expected reason), false positives ${figures.falsePositives}/${figures.lookAlikes}`
  );
}

const LANGUAGES: readonly CorpusLanguage[] = [
  'en',
  'de',
  'es',
  'fr',
  'pt',
  'it',
  'nl',
  'pl',
  'tr',
  'ja',
  'zh',
  'ru',
  'ko',
  'ar',
  'fa',
  'he',
  'hi',
  'bn',
  'th',
  'vi',
  'id',
  'ms',
  'uk',
  'sv',
  'cs',
  'ro',
  'el',
];
const LANGUAGE_NAMES: Record<CorpusLanguage, string> = {
  en: 'English',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  tr: 'Turkish',
  ja: 'Japanese',
  zh: 'Chinese',
  ru: 'Russian',
  ko: 'Korean',
  ar: 'Arabic',
  fa: 'Persian',
  he: 'Hebrew',
  hi: 'Hindi',
  bn: 'Bengali',
  th: 'Thai',
  vi: 'Vietnamese',
  id: 'Indonesian',
  ms: 'Malay',
  uk: 'Ukrainian',
  sv: 'Swedish',
  cs: 'Czech',
  ro: 'Romanian',
  el: 'Greek',
};

/** `12/13 (92 %)`, or `—` for an empty class. */
const ratio = ({ flagged, total }: Tally): string =>
  total === 0 ? '—' : `${flagged}/${total} (${Math.round((flagged / total) * 100)} %)`;

/** One markdown table, its columns padded as the repository's formatter (oxfmt) writes them. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/**
 * The figures section of docs/secret-detection.md, generated from one corpus run (a test keeps the doc equal to it;
 * `UPDATE_SECRET_REPORT=1` rewrites it).
 */
export function renderCorpusReport(figures: CorpusFigures): string {
  const reasons = [...figures.byReason].toSorted(([left], [right]) => (left < right ? -1 : 1));
  const disguises = [...figures.byDisguise].toSorted(([left], [right]) => (left < right ? -1 : 1));
  const classes = [...figures.byClass].toSorted(([left], [right]) => (left < right ? -1 : 1));
  return [
    `**caught ${figures.caught}/${figures.secrets} (${figures.rightReason} with the expected reason), false positives ${figures.falsePositives}/${figures.lookAlikes}**`,
    '',
    'Recall by class (the reason the secret should get; known misses included):',
    '',
    table(
      ['class', 'caught'],
      reasons.map(([reason, tally]) => [`\`${reason}\``, ratio(tally)]),
    ),
    '',
    'By language (secrets caught; look-alikes flagged, i.e. false positives):',
    '',
    table(
      ['language', 'secrets caught', 'false positives'],
      [...figures.byLanguage].map(([language, { secrets, lookAlikes }]) => [
        LANGUAGE_NAMES[language],
        ratio(secrets),
        ratio(lookAlikes),
      ]),
    ),
    '',
    'Recall by disguise (`plain`: the wording is in the name or the title as written):',
    '',
    table(
      ['disguise', 'caught'],
      disguises.map(([disguise, tally]) => [`\`${disguise}\``, ratio(tally)]),
    ),
    '',
    'False positives by class of look-alike:',
    '',
    table(
      ['look-alike class', 'false positives'],
      classes.map(([kind, tally]) => [`\`${kind}\``, ratio(tally)]),
    ),
  ].join('\n');
}
