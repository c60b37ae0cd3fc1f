// The secret-detection corpus: form fields that ask for a secret in disguise (case styles, acronyms, plurals,
// compounds, only the description, eight languages), look-alikes that must stay unflagged, and the cases the kit
// knowingly gets wrong. sensitive.test.ts asserts every entry; measureSecretCorpus() gives the figures that
// docs/secret-detection.md quotes.
import { findSensitiveFields, type SensitiveReason } from '../sensitive.js';

/** One form field as a server would send it. */
export interface CorpusField {
  /** What the case shows, used as the test title. */
  readonly shows: string;
  /** The property name. */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The JSON Schema type. @default 'string' */
  readonly type?: 'string' | 'number' | 'integer';
}

/** A field that asks for a secret, and the reason the kit should give. */
export interface SecretCase extends CorpusField {
  readonly reason: SensitiveReason;
}

/** A field the kit gets wrong on purpose: what it is, what the kit says, and why that is accepted. */
export interface KnownLimitation extends CorpusField {
  readonly verdict: SensitiveReason | null;
  readonly why: string;
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
  { shows: 'fullwidth letters', name: 'ｐａｓｓｗｏｒｄ', reason: 'password' },
  { shows: 'a zero-width space inside', name: 'pass\u200Bword', reason: 'password' },
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
    reason: 'secret',
  },
  {
    shows: 'description: the 6-digit code we sent',
    name: 'value',
    title: 'Confirmation',
    description: 'Enter the 6-digit code we sent to your phone',
    reason: 'one-time-code',
  },
  {
    shows: 'description: the 12 words of your wallet',
    name: 'words',
    title: 'Restore',
    description: 'Type your 12-word phrase to restore the wallet',
    reason: 'recovery-phrase',
  },
  {
    shows: 'description: the API key from the dashboard',
    name: 'config',
    title: 'Configuration value',
    description: 'Your API key from the dashboard',
    reason: 'api-key',
  },
  {
    shows: 'description that only mentions a password (judgement call: flagged)',
    name: 'note',
    title: 'Note',
    description: 'Your password must not be entered here',
    reason: 'password',
  },
  // German
  { shows: 'de: Passwort', name: 'passwort', reason: 'password' },
  { shows: 'de: Kennwort in a compound', name: 'x', title: 'Benutzerkennwort', reason: 'password' },
  { shows: 'de: Geheimzahl', name: 'x', title: 'Geheimzahl', reason: 'passcode' },
  { shows: 'de: Bestätigungscode', name: 'x', title: 'Bestätigungscode', reason: 'one-time-code' },
  { shows: 'de: Kreditkartennummer', name: 'x', title: 'Kreditkartennummer', reason: 'card-number' },
  { shows: 'de: API-Schlüssel', name: 'x', title: 'API-Schlüssel', reason: 'api-key' },
  // Spanish
  { shows: 'es: contraseña', name: 'x', title: 'Contraseña', reason: 'password' },
  { shows: 'es: contrasena without the accent', name: 'contrasena', reason: 'password' },
  { shows: 'es: clave alone', name: 'clave', reason: 'password' },
  { shows: 'es: código de verificación', name: 'x', title: 'Código de verificación', reason: 'one-time-code' },
  { shows: 'es: número de tarjeta', name: 'x', title: 'Número de tarjeta', reason: 'card-number' },
  { shows: 'es: número de cuenta', name: 'x', title: 'Número de cuenta', reason: 'bank-account' },
  // French
  { shows: 'fr: mot de passe', name: 'x', title: 'Mot de passe', reason: 'password' },
  { shows: 'fr: motDePasse', name: 'motDePasse', reason: 'password' },
  { shows: 'fr: code de vérification', name: 'x', title: 'Code de vérification', reason: 'one-time-code' },
  { shows: 'fr: numéro de carte', name: 'x', title: 'Numéro de carte', reason: 'card-number' },
  { shows: 'fr: clé API', name: 'x', title: 'Clé API', reason: 'api-key' },
  // Portuguese
  { shows: 'pt: senha', name: 'senha', reason: 'password' },
  { shows: 'pt: novaSenha', name: 'novaSenha', reason: 'password' },
  { shows: 'pt: palavra-passe', name: 'x', title: 'Palavra-passe', reason: 'password' },
  { shows: 'pt: código de verificação', name: 'x', title: 'Código de verificação', reason: 'one-time-code' },
  { shows: 'pt: CPF', name: 'cpf', reason: 'national-id' },
  // Italian
  { shows: "it: parola d'ordine", name: 'x', title: "Parola d'ordine", reason: 'password' },
  { shows: 'it: codice di verifica', name: 'x', title: 'Codice di verifica', reason: 'one-time-code' },
  { shows: 'it: numero della carta', name: 'x', title: 'Numero della carta', reason: 'card-number' },
  { shows: 'it: codice fiscale', name: 'x', title: 'Codice fiscale', reason: 'national-id' },
  // Japanese
  { shows: 'ja: パスワード in a sentence', name: 'x', title: 'パスワードを入力してください', reason: 'password' },
  { shows: 'ja: 暗証番号', name: 'x', title: '暗証番号', reason: 'passcode' },
  { shows: 'ja: 認証コード', name: 'x', title: '認証コード', reason: 'one-time-code' },
  { shows: 'ja: APIキー, Latin and katakana', name: 'x', title: 'APIキー', reason: 'api-key' },
  { shows: 'ja: クレジットカード番号', name: 'x', title: 'クレジットカード番号', reason: 'card-number' },
  { shows: 'ja: half-width katakana', name: 'x', title: 'ﾊﾟｽﾜｰﾄﾞ', reason: 'password' },
  // Chinese
  { shows: 'zh: 密码', name: 'x', title: '密码', reason: 'password' },
  { shows: 'zh: 口令', name: 'x', title: '口令', reason: 'password' },
  { shows: 'zh: 验证码 in a sentence', name: 'x', title: '请输入验证码', reason: 'one-time-code' },
  { shows: 'zh: 信用卡号', name: 'x', title: '信用卡号', reason: 'card-number' },
  { shows: 'zh: 助记词', name: 'x', title: '助记词', reason: 'recovery-phrase' },
  { shows: 'zh: traditional 密碼', name: 'x', title: '密碼', reason: 'password' },
  // Russian
  { shows: 'ru: пароль', name: 'x', title: 'Пароль', reason: 'password' },
  { shows: 'ru: пароль declined', name: 'x', description: 'Войдите с паролем', reason: 'password' },
  { shows: 'ru: PIN-код', name: 'x', title: 'PIN-код', reason: 'passcode' },
  { shows: 'ru: код подтверждения', name: 'x', title: 'Код подтверждения', reason: 'one-time-code' },
  { shows: 'ru: номер карты', name: 'x', title: 'Номер карты', reason: 'card-number' },
  { shows: 'ru: ё written as е', name: 'x', title: 'Номер счета', reason: 'bank-account' },
];

/** Ordinary fields that share a word, a stem or a letter sequence with a secret. */
export const LOOK_ALIKE_CASES: readonly CorpusField[] = [
  // LLM usage settings
  { shows: 'token budget', name: 'tokenBudget', type: 'number' },
  { shows: 'max tokens', name: 'maxTokens', type: 'integer' },
  { shows: 'max_output_tokens', name: 'max_output_tokens', type: 'integer' },
  { shows: 'token count', name: 'x', title: 'Token count', type: 'integer' },
  { shows: 'token limit per request', name: 'budget', title: 'Token limit per request' },
  { shows: 'tokens alone', name: 'tokens', type: 'integer' },
  { shows: 'ja: トークン数', name: 'x', title: 'トークン数', type: 'integer' },
  // "key" is an ordinary word
  { shows: 'keyboard layout', name: 'keyboardLayout' },
  { shows: 'key results', name: 'keyResults' },
  { shows: 'primary key', name: 'primaryKey' },
  { shows: 'database sort key', name: 'sortKey' },
  { shows: 'hotkey', name: 'hotkey' },
  { shows: 'keyword', name: 'keyword' },
  { shows: 'keywords in Spanish', name: 'x', title: 'Palabras clave' },
  { shows: 'keyword in Italian', name: 'x', title: 'Parola chiave' },
  { shows: 'monkey', name: 'favouriteAnimal', title: 'Monkey or turkey?' },
  { shows: 'access key ID', name: 'awsAccessKeyId' },
  { shows: 'key ID', name: 'keyId' },
  { shows: 'SSH public key', name: 'sshPublicKey' },
  // Letters that spell part of a secret
  { shows: 'Secret Santa', name: 'x', title: 'Secret Santa wish list' },
  { shows: 'secretary', name: 'secretary' },
  { shows: 'pinyin', name: 'pinYin' },
  { shows: 'pinned', name: 'pinned' },
  { shows: 'spinner label', name: 'spinnerLabel' },
  { shows: 'pink', name: 'x', title: 'Pink or blue?' },
  { shows: 'map pin location', name: 'pinLocation' },
  { shows: 'passenger', name: 'passengerName' },
  { shows: 'passage', name: 'x', title: 'Favourite passage' },
  { shows: 'compass', name: 'compass' },
  { shows: 'bypass', name: 'bypassReason' },
  { shows: 'boarding pass', name: 'x', title: 'Boarding pass' },
  { shows: 'pass rate', name: 'passRate', type: 'number' },
  { shows: 'passport alone', name: 'passport' },
  { shows: 'passport expiry', name: 'passportExpiry' },
  { shows: 'cryptography in Chinese', name: 'x', title: '密码学课程' },
  // Identifiers a form may ask for
  { shows: 'username', name: 'username' },
  { shows: 'user name', name: 'userName', title: 'User name' },
  { shows: 'email', name: 'email' },
  { shows: 'account name', name: 'accountName' },
  { shows: 'full name', name: 'name', title: 'Full name' },
  // Words near a secret's
  { shows: 'session length', name: 'sessionLength', type: 'integer' },
  { shows: 'session title at a conference', name: 'x', title: 'Session title' },
  { shows: 'cookie consent', name: 'cookieConsent' },
  { shows: 'a description about cookies', name: 'x', description: 'This site uses cookies' },
  { shows: 'verification status', name: 'verificationStatus' },
  { shows: 'code review', name: 'x', title: 'Code review notes' },
  { shows: 'zip code', name: 'zipCode' },
  { shows: 'country code', name: 'countryCode' },
  { shows: 'promo code', name: 'promoCode' },
  { shows: 'gift card message', name: 'giftCardMessage' },
  { shows: 'password length setting', name: 'passwordLength', type: 'integer' },
  { shows: 'password manager used', name: 'x', title: 'Which password manager do you use?' },
  { shows: 'random seed', name: 'seed', type: 'integer' },
  { shows: 'ring bearer', name: 'x', title: 'Ring bearer' },
  { shows: 'XMLHttpRequest', name: 'XMLHttpRequest' },
  { shows: 'APIs plural', name: 'x', title: 'APIs you use' },
];

/** Secrets the kit misses, on purpose or for now (counted in the figures as misses). */
export const KNOWN_MISSES: readonly KnownLimitation[] = [
  {
    shows: 'all-capitals glued GITHUBTOKEN',
    name: 'GITHUBTOKEN',
    verdict: null,
    why: '`token` is not searched inside words (tokenizer, tokens); GITHUB_TOKEN and githubToken are caught',
  },
  {
    shows: 'leetspeak p@ssw0rd',
    name: 'p@ssw0rd',
    verdict: null,
    why: 'no leetspeak folding: `@` and `0` split the word',
  },
  {
    shows: 'Cyrillic а inside a Latin word',
    name: 'p\u0430ssword',
    verdict: null,
    why: 'no confusable folding: a homoglyph makes another word',
  },
  {
    shows: 'plural "GitHub tokens" in a description',
    name: 'x',
    description: 'Paste your GitHub tokens',
    verdict: null,
    why: '`tokens` alone is read as an LLM count',
  },
  {
    shows: 'a code described without a code word',
    name: 'x',
    description: 'Type the six digits we texted you',
    verdict: null,
    why: 'no wording of the vocabulary: digits and texting are too common to flag alone',
  },
];

/** Look-alikes the kit flags anyway (counted in the figures as false positives). */
export const KNOWN_FALSE_ALARMS: readonly KnownLimitation[] = [
  {
    shows: 'Indian postal PIN code',
    name: 'x',
    title: 'PIN code',
    description: 'Six-digit postal index number of your area',
    verdict: 'passcode',
    why: 'the name alone reads as a PIN; "postal PIN code" is left alone',
  },
  {
    shows: 'utility account number',
    name: 'accountNumber',
    description: 'Printed on your electricity bill',
    verdict: 'bank-account',
    why: '"account number" is flagged whatever the account',
  },
  {
    shows: 'password policy in a German compound',
    name: 'x',
    title: 'Passwortrichtlinie',
    verdict: 'password',
    why: 'a stem found inside a compound does not see what follows it',
  },
];

/** The figures of one run over the corpus. */
export interface CorpusFigures {
  /** Secrets (SECRET_CASES and KNOWN_MISSES), how many were flagged, and how many with the expected reason. */
  readonly secrets: number;
  readonly caught: number;
  readonly rightReason: number;
  /** Look-alikes (LOOK_ALIKE_CASES and KNOWN_FALSE_ALARMS), and how many were flagged. */
  readonly lookAlikes: number;
  readonly falsePositives: number;
}

/** The kit's verdict on one corpus field: the reason of the one finding, or `null`. */
export function judgeCorpusField(field: CorpusField): SensitiveReason | null {
  const property: Record<string, string> = { type: field.type ?? 'string' };
  if (field.title !== undefined) {
    property.title = field.title;
  }
  if (field.description !== undefined) {
    property.description = field.description;
  }
  return findSensitiveFields({ type: 'object', properties: { [field.name]: property } })[0]?.reason ?? null;
}

/** Runs the detector over the whole corpus. */
export function measureSecretCorpus(): CorpusFigures {
  const secretVerdicts = [...SECRET_CASES, ...KNOWN_MISSES].map((field) => judgeCorpusField(field));
  const expected = [...SECRET_CASES.map((field) => field.reason), ...KNOWN_MISSES.map(() => null)];
  const lookAlikeVerdicts = [...LOOK_ALIKE_CASES, ...KNOWN_FALSE_ALARMS].map((field) => judgeCorpusField(field));
  return {
    secrets: secretVerdicts.length,
    caught: secretVerdicts.filter((verdict) => verdict !== null).length,
    rightReason: secretVerdicts.filter((verdict, index) => verdict !== null && verdict === expected[index]).length,
    lookAlikes: lookAlikeVerdicts.length,
    falsePositives: lookAlikeVerdicts.filter((verdict) => verdict !== null).length,
  };
}

/** The figures as one line, as docs/secret-detection.md quotes them. */
export function formatCorpusFigures(figures: CorpusFigures): string {
  return (
    `secret corpus: caught ${figures.caught}/${figures.secrets} ` +
    `(${figures.rightReason} with the expected reason), false positives ${figures.falsePositives}/${figures.lookAlikes}`
  );
}
