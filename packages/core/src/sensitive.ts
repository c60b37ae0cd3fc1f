// Which form fields look like they ask for a secret. The spec forbids secrets in form mode (a server must use URL
// mode for them); the kit reports such fields, the host decides whether to warn or to refuse.
//
// How a text is judged (docs/secret-detection.md has the full vocabulary, the look-alikes and the figures):
// 1. Fold: NFKD, accents dropped (`contraseña` = `contrasena`, `ё` = `е`), NFC again; invisible format characters
//    (zero-width space, soft hyphen) are skipped, so `pass\u200Bword` is `password`.
// 2. Split into words in one pass over the code points: case humps and acronym runs (`passWord`, `APIKey`,
//    `XMLHttp`, while `APIs` stays one word), digits apart (`CVC2`, `2FA`), a run of Chinese, Japanese or Korean
//    letters as one word, everything else (spaces, `_`, `-`, `.`, apostrophes) a separator. Words are lower-cased.
// 3. Walk the words left to right. At each word, join it with up to the next few words and look the joins up,
//    longest first, in the vocabulary (`pass phrase`, `pass_phrase` and `passPhrase` all become `passphrase`; a final
//    `s` is tried off: `apiKeys`). A look-alike (`token budget`, `Secret Santa`, `pin yin`) covers its words and the
//    walk goes on after it; any other entry is the verdict. A word no join explains is searched for the few stems
//    that no ordinary word contains (`mypassword`, `Kreditkartennummer`).
// 4. Chinese, Japanese and Korean have no spaces: each separator-free stretch holding such letters is searched for
//    the vocabulary's CJK wordings (`パスワードを入力`, `请输入验证码`, `APIキー`).
// 5. A few words count only when they are the whole text (`pass`, `cookie`, Spanish `clave`): as a field name they
//    mean a secret, inside a sentence they rarely do.
//
// Every step is linear in the length of the text: one pass to split, at most six short joins per word (the longest
// wording has six words), and per character one map look-up and a few `startsWith` over a small fixed vocabulary.
// No regular expression runs over the text except a single-character class (`COMBINING_DIACRITICAL_MARK`) and
// per-code-point tests.
//
// Judgement calls (each is in the corpus, src/test/secret-corpus.ts):
// - A description that only mentions a password ("Your password must not be entered here") is flagged: telling a
//   warning from an instruction needs intent, and a false warning costs less than a missed phishing field. Settings
//   *about* a password (length, policy, strength, expiry, manager) are look-alikes.
// - Passport and ID *numbers* are flagged (`national-id`): they are what identity theft needs. `passport` alone is
//   not (a document, its expiry, its country).
// - `key`, `code`, `session`, `cookie` (in a sentence), `verification`, `account` alone are ordinary words.
// - "sort code" is UK banking (flagged); a database "sort key" is not.
// - This is a guard against mistakes and lazy phishing, not a security boundary: a server that wants a secret can
//   name the field `x`.

/** Why a field looks like it asks for a secret (docs/secret-detection.md lists the wordings behind each). */
export type SensitiveReason =
  /** Passwords and passphrases: `password`, `passPhrase`, `Kennwort`, `contraseña`, `mot de passe`, `密码`. */
  | 'password'
  /** PINs and static passcodes: `PIN`, `passcode`, `access code`, `Geheimzahl`, `暗証番号`, `ПИН-код`. */
  | 'passcode'
  /** One-time, verification, 2FA/MFA, backup and recovery codes: `OTP`, `verification code`, `验证码`. */
  | 'one-time-code'
  /** Wallet recovery and seed phrases, mnemonics: `seed phrase`, `recovery phrase`, `助记词`. */
  | 'recovery-phrase'
  /** Private, signing, encryption and master keys, SSH keys: `privateKey`, `signingKey`, `秘密鍵`. */
  | 'private-key'
  /** API, access and subscription keys: `apiKey`, `x-api-key`, `access key`, `APIキー`. */
  | 'api-key'
  /** Access, refresh, bearer and auth tokens, JWTs, authorization headers: `GITHUB_TOKEN`, `令牌`. */
  | 'token'
  /** Client secrets and secret keys: `clientSecret`, `AWS_SECRET_ACCESS_KEY`, `密钥`. */
  | 'secret'
  /** Credentials in general: `credentials`, connection strings, licence keys, security-question answers. */
  | 'credential'
  /** Session cookies and session IDs: `session_id`, `PHPSESSID`, `cookie de session`. */
  | 'session'
  /** Payment card numbers: `cardNumber`, `credit card`, `Kartennummer`, `номер карты`, `信用卡`. */
  | 'card-number'
  /** Card security codes: `CVV`, `CVC2`, `security code`, `cryptogramme`. */
  | 'card-security-code'
  /** Bank account details: `IBAN`, account and routing numbers, sort codes, `Kontonummer`, `口座番号`. */
  | 'bank-account'
  /** National identity numbers: `SSN`, social security/insurance, tax ID, passport number, `CPF`, `СНИЛС`. */
  | 'national-id';

/** A field that looks like it asks for a secret, which the spec forbids in form mode. */
export interface SensitiveField {
  /** The property name, as in `requestedSchema.properties`. */
  field: string;
  reason: SensitiveReason;
  /**
   * A sentence for people, e.g. `"Pass phrase" looks like it asks for a password. Secrets must not be asked for in
   * a form; a server should use URL mode.` The label is the title, or the name when there is none.
   */
  message: string;
}

/** The verdict of a look-alike: wordings that contain a secret's word but do not ask for one. */
export const LOOK_ALIKE = 'look-alike';

/** One table of the vocabulary: the wordings of one reason (or of the look-alikes). */
export interface SecretVocabularyTable {
  readonly verdict: SensitiveReason | typeof LOOK_ALIKE;
  /**
   * Matched as whole words after adjacent words are joined (`pass phrase` = `passphrase`), written as people write
   * them: each goes through the same folding and splitting as the text. CJK wordings are also found inside longer
   * runs of CJK text.
   */
  readonly words: readonly string[];
  /** Stems also found inside one longer word (`mypassword`): only stems that no ordinary word contains. */
  readonly inside: readonly string[];
  /** Words that count only when they are the whole text (a field named `pass`). */
  readonly alone: readonly string[];
}

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Vocabulary. Languages: English, German, Spanish, French, Portuguese, Italian, Japanese, Chinese (simplified and
// traditional), Russian, and a few Korean words. Accents may be left out by the server (`codigo de verificacion`).
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Wordings that contain a secret's word but are settings, identifiers or other things. They hide what they cover. */
const LOOK_ALIKES: SecretVocabularyTable = {
  verdict: LOOK_ALIKE,
  words: [
    // LLM usage settings ("tokens" alone is a count; "token" alone is a credential)
    'tokens',
    'token budget',
    'token limit',
    'token count',
    'token usage',
    'token cost',
    'token price',
    'max token',
    'min token',
    'maximum token',
    'minimum token',
    'input token',
    'output token',
    'prompt token',
    'completion token',
    'reasoning token',
    'トークン数',
    'トークン上限',
    // Crypto-currency tokens are public
    'token symbol',
    'token address',
    'token amount',
    'token balance',
    'token id',
    'token name',
    'token type',
    // Settings about a token, a PIN or a password rather than the secret itself
    'token expiry',
    'token lifetime',
    'token ttl',
    'pin length',
    'password length',
    'password policy',
    'password strength',
    'password expiry',
    'password expiration',
    'password requirements',
    'password rules',
    'password manager',
    // Identifiers and public halves, published alongside the secret
    'access key id',
    'api key id',
    'api key name',
    'ssh public key',
    'ssh key fingerprint',
    'ssh key name',
    'pgp public key',
    'gpg public key',
    // Other words that start like a secret's
    'secret santa',
    'pin yin',
    'map pin',
    'drop pin',
    'pin location',
    'location pin',
    'postal pin',
    'postal pin code',
    'security code review',
    'ring bearer',
    'flag bearer',
    'mnemonic device',
    '密码学',
    '密碼學',
  ],
  inside: ['access key id', 'api key id'],
  alone: [],
};

const PASSWORDS: SecretVocabularyTable = {
  verdict: 'password',
  words: [
    'password',
    'passwd',
    'pwd',
    'pw',
    'passphrase',
    'secret phrase',
    'user pass',
    'db pass',
    'smtp pass',
    'admin pass',
    'root pass',
    'login pass',
    'wifi pass',
    // German (`Paßwort` is the same word once ß is folded)
    'Passwort',
    'Kennwort',
    // Spanish: `clave` alone is also "key" ("palabra clave", "punto clave"), so only in these wordings or alone
    'contraseña',
    'clave de acceso',
    'clave personal',
    'clave bancaria',
    'tu clave',
    'su clave',
    'frase secreta',
    // French
    'mot de passe',
    'mots de passe',
    'mdp',
    'phrase de passe',
    'phrase secrète',
    // Portuguese (`senha` is not searched inside words: "resenha" is a review, "desenhar" to draw)
    'senha',
    'palavra-passe',
    // Italian (`parola` alone is "word", and "parola chiave" is "keyword")
    "parola d'ordine",
    'parola segreta',
    'frase segreta',
    // Japanese, Chinese, Korean
    'パスワード',
    'パスフレーズ',
    '合言葉',
    '密码',
    '密碼',
    '口令',
    '비밀번호',
    // Russian
    'пароль',
    'кодовое слово',
    'парольная фраза',
    'секретная фраза',
  ],
  inside: ['password', 'passwd', 'passphrase', 'Passwort', 'Kennwort', 'contraseña', 'motdepasse', 'парол'],
  // `pass` alone is what login forms abbreviate; in a sentence it is a boarding pass or a pass rate
  alone: ['pass', 'clave'],
};

const PASSCODES: SecretVocabularyTable = {
  verdict: 'passcode',
  words: [
    'pin',
    'pin code',
    'pin number',
    'passcode',
    'access code',
    'unlock code',
    'door code',
    'security pin',
    // German
    'Geheimzahl',
    'Geheimnummer',
    'Zugangscode',
    'Entsperrcode',
    // Spanish, Portuguese
    'código de acceso',
    'número secreto',
    'código de acesso',
    'código de desbloqueio',
    // French
    'code secret',
    'code confidentiel',
    "code d'accès",
    'code de déverrouillage',
    // Italian
    'codice segreto',
    'codice di accesso',
    'codice di sblocco',
    // Japanese, Chinese
    '暗証番号',
    'パスコード',
    '个人识别码',
    // Russian
    'пин',
    'ПИН-код',
    'код доступа',
  ],
  inside: ['passcode', 'Geheimzahl', 'Zugangscode'],
  alone: [],
};

const ONE_TIME_CODES: SecretVocabularyTable = {
  verdict: 'one-time-code',
  words: [
    'otp',
    'totp',
    'hotp',
    'one time code',
    'one time password',
    'one time passcode',
    'one time pin',
    'verification code',
    'confirmation code',
    'authentication code',
    'authenticator code',
    'auth code',
    'authorization code',
    '2fa',
    'mfa',
    'two factor',
    'two step verification',
    'backup code',
    'recovery code',
    'sms code',
    'login code',
    'sign in code',
    // Descriptions: "Enter the 6-digit code we sent to your phone"
    'digit code',
    'code we sent',
    'code sent',
    'code we texted',
    'code we emailed',
    // German (TAN is the banks' one-time code; `tan` alone is a colour)
    'Bestätigungscode',
    'Verifizierungscode',
    'Verifikationscode',
    'Einmalcode',
    'Einmalpasswort',
    'Einmalkennwort',
    'Authentifizierungscode',
    'Wiederherstellungscode',
    'Anmeldecode',
    'TAN-Nummer',
    'mTAN',
    'Transaktionsnummer',
    // Spanish
    'código de verificación',
    'código de confirmación',
    'código de un solo uso',
    'código de autenticación',
    'código de recuperación',
    'código de respaldo',
    'código SMS',
    'clave dinámica',
    // French
    'code de vérification',
    'code de confirmation',
    'code à usage unique',
    "code d'authentification",
    'code de récupération',
    'code de validation',
    'code SMS',
    'mot de passe à usage unique',
    // Portuguese
    'código de verificação',
    'código de confirmação',
    'código de autenticação',
    'código de recuperação',
    'código de uso único',
    // Italian
    'codice di verifica',
    'codice di conferma',
    'codice di autenticazione',
    'codice di recupero',
    'codice monouso',
    'codice SMS',
    'password monouso',
    // Japanese, Chinese, Korean
    '認証コード',
    '確認コード',
    '認証番号',
    'ワンタイムパスワード',
    'ワンタイムコード',
    'バックアップコード',
    'リカバリーコード',
    '验证码',
    '驗證碼',
    '校验码',
    '确认码',
    '动态密码',
    '动态码',
    '一次性密码',
    '恢复码',
    '备用码',
    '인증번호',
    // Russian
    'код подтверждения',
    'код проверки',
    'проверочный код',
    'одноразовый код',
    'одноразовый пароль',
    'код из смс',
    'код из SMS',
    'код восстановления',
    'резервный код',
    'код верификации',
  ],
  inside: [
    'Bestätigungscode',
    'Verifizierungscode',
    'Einmalcode',
    'Einmalpasswort',
    'Einmalkennwort',
    'Transaktionsnummer',
  ],
  alone: [],
};

const RECOVERY_PHRASES: SecretVocabularyTable = {
  verdict: 'recovery-phrase',
  words: [
    'seed phrase',
    'seed words',
    'recovery phrase',
    'recovery words',
    'secret recovery phrase',
    'backup phrase',
    'wallet seed',
    'mnemonic',
    '12 word phrase',
    '24 word phrase',
    'bip39',
    // German
    'Wiederherstellungsphrase',
    // Spanish, Portuguese
    'frase semilla',
    'frase de recuperación',
    'frase de recuperação',
    'frase semente',
    // French
    'phrase de récupération',
    'phrase mnémonique',
    // Italian
    'frase di recupero',
    // Japanese, Chinese
    'シードフレーズ',
    'リカバリーフレーズ',
    '復元フレーズ',
    'ニーモニック',
    '助记词',
    '助記詞',
    '种子短语',
    // Russian
    'сид-фраза',
    'seed-фраза',
    'мнемоническая фраза',
    'фраза восстановления',
  ],
  inside: ['seedphrase', 'recoveryphrase'],
  alone: [],
};

const PRIVATE_KEYS: SecretVocabularyTable = {
  verdict: 'private-key',
  words: [
    'private key',
    'priv key',
    'signing key',
    'encryption key',
    'decryption key',
    'master key',
    'ssh key',
    'pgp key',
    'gpg key',
    'wallet key',
    // German
    'privater Schlüssel',
    'Privatschlüssel',
    'SSH-Schlüssel',
    'Signaturschlüssel',
    'Verschlüsselungsschlüssel',
    'Hauptschlüssel',
    // Spanish
    'clave privada',
    'llave privada',
    'clave de firma',
    'clave SSH',
    'clave de cifrado',
    'clave maestra',
    // French
    'clé privée',
    'clef privée',
    'clé de signature',
    'clé SSH',
    'clé de chiffrement',
    // Portuguese
    'chave privada',
    'chave de assinatura',
    'chave SSH',
    'chave de criptografia',
    // Italian
    'chiave privata',
    'chiave di firma',
    'chiave SSH',
    'chiave di crittografia',
    // Japanese, Chinese
    '秘密鍵',
    '秘密キー',
    '署名鍵',
    '暗号化キー',
    'プライベートキー',
    'SSHキー',
    '私钥',
    '私鑰',
    '签名密钥',
    '加密密钥',
    // Russian
    'закрытый ключ',
    'приватный ключ',
    'ключ подписи',
    'SSH-ключ',
    'ключ шифрования',
  ],
  inside: ['privatekey', 'signingkey', 'Privatschlüssel'],
  alone: [],
};

const API_KEYS: SecretVocabularyTable = {
  verdict: 'api-key',
  words: [
    'api key',
    'access key',
    'app key',
    'application key',
    'developer key',
    'subscription key',
    // German
    'API-Schlüssel',
    'Zugriffsschlüssel',
    // Spanish
    'clave de API',
    'clave API',
    'clave de la API',
    'llave de API',
    // French
    'clé API',
    "clé d'API",
    "clé de l'API",
    "clé d'accès",
    // Portuguese ("chave de acesso" is also a public invoice key in Brazil, so it is left out)
    'chave de API',
    'chave da API',
    'chave API',
    // Italian
    'chiave API',
    "chiave dell'API",
    'chiave di accesso',
    // Japanese, Chinese
    'APIキー',
    'アクセスキー',
    'API密钥',
    'API密鑰',
    '访问密钥',
    // Russian
    'API-ключ',
    'ключ API',
    'ключ доступа',
  ],
  inside: ['apikey', 'accesskey'],
  alone: [],
};

const TOKENS: SecretVocabularyTable = {
  verdict: 'token',
  words: [
    'token',
    'access token',
    'refresh token',
    'bearer token',
    'bearer',
    'auth token',
    'authentication token',
    'api token',
    'id token',
    'oauth token',
    'security token',
    'jwt',
    'json web token',
    'authorization header',
    'auth header',
    // German
    'Zugriffstoken',
    'Zugangstoken',
    // Spanish, Portuguese, Italian
    'token de acceso',
    'token de acesso',
    'token di accesso',
    // French
    'jeton',
    "jeton d'accès",
    "jeton d'authentification",
    // Japanese, Chinese
    'トークン',
    'アクセストークン',
    'リフレッシュトークン',
    'ベアラートークン',
    '令牌',
    '访问令牌',
    // Russian
    'токен',
    'токен доступа',
  ],
  inside: ['accesstoken', 'refreshtoken', 'bearertoken', 'authtoken', 'apitoken', 'Zugriffstoken'],
  alone: [],
};

const SECRETS: SecretVocabularyTable = {
  verdict: 'secret',
  words: [
    'secret',
    'client secret',
    'secret key',
    'secret access key',
    'shared secret',
    'webhook secret',
    'hmac key',
    // German
    'geheimer Schlüssel',
    'Geheimschlüssel',
    'Client-Geheimnis',
    // Spanish
    'clave secreta',
    'secreto de cliente',
    'secreto del cliente',
    // French
    'clé secrète',
    'secret partagé',
    // Portuguese
    'chave secreta',
    'segredo do cliente',
    // Italian
    'chiave segreta',
    'segreto del client',
    // Japanese, Chinese ("密钥" is a cryptographic key, not a door key: 钥匙)
    'シークレット',
    'クライアントシークレット',
    'シークレットキー',
    '密钥',
    '密鑰',
    '客户端密钥',
    // Russian
    'секретный ключ',
    'секрет клиента',
    'секрет',
  ],
  inside: ['clientsecret', 'secretkey'],
  alone: [],
};

const CREDENTIALS: SecretVocabularyTable = {
  verdict: 'credential',
  words: [
    'credentials',
    'connection string',
    'license key',
    'licence key',
    'product key',
    'serial key',
    'activation key',
    'activation code',
    'security question',
    'security answer',
    'secret question',
    'secret answer',
    "mother's maiden name",
    // German
    'Zugangsdaten',
    'Anmeldedaten',
    'Lizenzschlüssel',
    'Produktschlüssel',
    'Verbindungszeichenfolge',
    'Sicherheitsfrage',
    // Spanish
    'credenciales',
    'cadena de conexión',
    'clave de licencia',
    'clave de producto',
    'pregunta de seguridad',
    'respuesta de seguridad',
    // French
    'identifiants de connexion',
    "informations d'identification",
    'chaîne de connexion',
    'clé de licence',
    'clé de produit',
    'question secrète',
    'réponse secrète',
    // Portuguese
    'credenciais',
    'string de conexão',
    'chave de licença',
    'chave do produto',
    'pergunta de segurança',
    // Italian
    'credenziali',
    'stringa di connessione',
    'chiave di licenza',
    'codice di attivazione',
    'domanda di sicurezza',
    // Japanese, Chinese
    '認証情報',
    '資格情報',
    '接続文字列',
    'ライセンスキー',
    'プロダクトキー',
    '秘密の質問',
    '凭据',
    '憑據',
    '连接字符串',
    '许可证密钥',
    '激活码',
    '密保问题',
    // Russian
    'учётные данные',
    'данные для входа',
    'строка подключения',
    'лицензионный ключ',
    'секретный вопрос',
    'контрольный вопрос',
  ],
  inside: ['credential', 'Zugangsdaten', 'Anmeldedaten'],
  // A field named `auth` carries an Authorization value or a user:password pair
  alone: ['auth'],
};

const SESSIONS: SecretVocabularyTable = {
  verdict: 'session',
  words: [
    'session cookie',
    'session id',
    'session key',
    'session token',
    'session secret',
    'auth cookie',
    'authentication cookie',
    'login cookie',
    'cookie header',
    'cookie value',
    'cookie string',
    // German
    'Sitzungs-ID',
    'Sitzungscookie',
    'Sitzungstoken',
    'Sitzungsschlüssel',
    // Spanish, Portuguese
    'cookie de sesión',
    'id de sesión',
    'identificador de sesión',
    'token de sesión',
    'cookie de sessão',
    'id de sessão',
    'identificador de sessão',
    'token de sessão',
    // French
    'cookie de session',
    'identifiant de session',
    'id de session',
    'jeton de session',
    // Italian
    'cookie di sessione',
    'id di sessione',
    'id sessione',
    'token di sessione',
    // Japanese, Chinese
    'セッションID',
    'セッションクッキー',
    'セッショントークン',
    'セッションキー',
    '会话ID',
    '会话令牌',
    '会话cookie',
    '会话密钥',
    // Russian
    'идентификатор сессии',
    'ID сессии',
    'cookie сессии',
    'сессионный cookie',
    'токен сессии',
  ],
  // PHPSESSID, JSESSIONID
  inside: ['sessionid', 'sessid', 'sessioncookie', 'sessiontoken'],
  // A field named `cookie`; in a sentence ("this site uses cookies") it is not a request for one
  alone: ['cookie'],
};

const CARD_NUMBERS: SecretVocabularyTable = {
  verdict: 'card-number',
  words: [
    'card number',
    'card no',
    'card num',
    'credit card',
    'debit card',
    'payment card',
    'cc number',
    'cc num',
    'cc no',
    // German
    'Kartennummer',
    'Kreditkarte',
    'Debitkarte',
    // Spanish
    'número de tarjeta',
    'número de la tarjeta',
    'tarjeta de crédito',
    'tarjeta de débito',
    // French
    'numéro de carte',
    'numéro de la carte',
    'carte de crédit',
    'carte de débit',
    'carte bancaire',
    // Portuguese
    'número do cartão',
    'número de cartão',
    'cartão de crédito',
    'cartão de débito',
    // Italian
    'numero di carta',
    'numero della carta',
    'numero carta',
    'carta di credito',
    'carta di debito',
    // Japanese, Chinese, Korean
    'カード番号',
    'クレジットカード',
    '卡号',
    '卡號',
    '信用卡',
    '借记卡',
    '银行卡',
    '카드번호',
    // Russian
    'номер карты',
    'номер банковской карты',
    'кредитная карта',
    'банковская карта',
  ],
  inside: ['cardnumber', 'creditcard', 'Kartennummer', 'Kreditkarte'],
  alone: [],
};

const CARD_SECURITY_CODES: SecretVocabularyTable = {
  verdict: 'card-security-code',
  words: [
    'cvv',
    'cvc',
    'cvv2',
    'cvc2',
    // Card schemes print "security code"; an account's one-time code is usually a "verification code"
    'security code',
    'card security code',
    'card verification code',
    'card verification value',
    // German
    'Kartenprüfnummer',
    'Prüfnummer',
    'Sicherheitscode',
    // Spanish, Portuguese, Italian
    'código de seguridad',
    'código de segurança',
    'codice di sicurezza',
    // French
    'cryptogramme',
    'cryptogramme visuel',
    'code de sécurité',
    // Japanese, Chinese
    'セキュリティコード',
    '安全码',
    '卡验证码',
    // Russian
    'код безопасности',
  ],
  inside: ['Prüfnummer', 'Sicherheitscode'],
  alone: [],
};

const BANK_ACCOUNTS: SecretVocabularyTable = {
  verdict: 'bank-account',
  words: [
    'iban',
    'bank account',
    'account number',
    'routing number',
    'routing no',
    'aba number',
    // UK banking; a database "sort key" is not here
    'sort code',
    'bsb',
    'bank details',
    // German
    'Kontonummer',
    'Bankleitzahl',
    'BLZ',
    'Bankverbindung',
    // Spanish
    'número de cuenta',
    'cuenta bancaria',
    'CLABE',
    'datos bancarios',
    // French
    'numéro de compte',
    'compte bancaire',
    'coordonnées bancaires',
    'RIB',
    // Portuguese
    'número da conta',
    'número de conta',
    'conta bancária',
    'dados bancários',
    // Italian
    'numero di conto',
    'conto corrente',
    'coordinate bancarie',
    // Japanese, Chinese, Korean
    '口座番号',
    '銀行口座',
    '银行账号',
    '银行账户',
    '계좌번호',
    // Russian
    'номер счёта',
    'расчётный счёт',
    'банковский счёт',
  ],
  inside: ['Kontonummer', 'Bankleitzahl'],
  alone: [],
};

const NATIONAL_IDS: SecretVocabularyTable = {
  verdict: 'national-id',
  words: [
    'ssn',
    'social security',
    'social security number',
    'social insurance number',
    'sin number',
    'national insurance number',
    'ni number',
    'national id',
    'national identity number',
    'national identification number',
    'id card number',
    'tax id',
    'taxpayer id',
    'tax identification number',
    'tin number',
    'itin',
    // The number, not the document ("passport expiry", "passport country" are left alone)
    'passport number',
    'passport no',
    "driver's license number",
    "driver's licence number",
    'driving licence number',
    // German
    'Sozialversicherungsnummer',
    'Steuer-ID',
    'Steueridentifikationsnummer',
    'Personalausweisnummer',
    'Ausweisnummer',
    'Reisepassnummer',
    // Spanish
    'DNI',
    'NIF',
    'CURP',
    'número de seguridad social',
    'número de pasaporte',
    'número de identificación fiscal',
    // French
    'NIR',
    'numéro de sécurité sociale',
    'numéro de carte vitale',
    'numéro de passeport',
    'numéro fiscal',
    // Portuguese
    'CPF',
    'número do passaporte',
    'número de contribuinte',
    'número da segurança social',
    // Italian
    'codice fiscale',
    'numero di passaporto',
    'numero del passaporto',
    // Japanese, Chinese, Korean
    'マイナンバー',
    '個人番号',
    'パスポート番号',
    '旅券番号',
    '身份证号',
    '身份證號',
    '护照号',
    '주민등록번호',
    // Russian
    'СНИЛС',
    'ИНН',
    'номер паспорта',
  ],
  inside: ['Sozialversicherungsnummer', 'Steueridentifikationsnummer', 'Personalausweisnummer', 'Reisepassnummer'],
  alone: [],
};

/**
 * The whole vocabulary, look-alikes first. No wording appears in two tables (a test checks that each wording is
 * judged with its own table's verdict). Exported for the tests and the documentation, not re-exported by the package.
 */
export const SECRET_VOCABULARY: readonly SecretVocabularyTable[] = [
  LOOK_ALIKES,
  PASSWORDS,
  PASSCODES,
  ONE_TIME_CODES,
  RECOVERY_PHRASES,
  PRIVATE_KEYS,
  API_KEYS,
  TOKENS,
  SECRETS,
  CREDENTIALS,
  SESSIONS,
  CARD_NUMBERS,
  CARD_SECURITY_CODES,
  BANK_ACCOUNTS,
  NATIONAL_IDS,
];

/** What each reason asks for, completing "… looks like it asks for …". */
const REASON_WORDING = {
  password: 'a password',
  passcode: 'a PIN or passcode',
  'one-time-code': 'a one-time or verification code',
  'recovery-phrase': 'a recovery (seed) phrase',
  'private-key': 'a private key',
  'api-key': 'an API key',
  token: 'an access token',
  secret: 'a secret key',
  credential: 'login credentials',
  session: 'a session cookie or session ID',
  'card-number': 'a payment card number',
  'card-security-code': 'a card security code',
  'bank-account': 'bank account details',
  'national-id': 'a national identity number',
} as const satisfies Record<SensitiveReason, string>;

/** The second sentence of every message: what the server should do instead. */
const URL_MODE_ADVICE = 'Secrets must not be asked for in a form; a server should use URL mode.';

/** Labels longer than this (in code points) are cut in messages: a 100,000-character title is not a sentence. */
const MAX_LABEL_LENGTH = 60;

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Folding and splitting
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The combining accents that NFKD separates from Latin, Greek and Cyrillic letters (`é` → `e` + U+0301). */
const COMBINING_DIACRITICAL_MARK = /[\u0300-\u036f]/gu;
// Each of these is tested on one code point at a time.
const UPPERCASE_LETTER = /[\p{Lu}\p{Lt}]/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const DECIMAL_DIGIT = /\p{Nd}/u;
/** Letters of the scripts written without spaces between words (`ー` and `々` included). */
const CJK_LETTER = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;
/**
 * Characters that render as nothing: skipped, so they can neither split a word nor hide one (`pass\u200Bword`).
 * Not invisible.ts's set: that one includes control characters, and here a tab or a newline separates words.
 */
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

type CharacterClass = 'capital' | 'small' | 'digit' | 'cjk' | 'mark' | 'ignorable' | 'separator';

/** The class of one code point (`small` includes letters without case, such as Arabic or Devanagari). */
function classify(character: string): CharacterClass {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint < 0x80) {
    if (codePoint >= 0x61 && codePoint <= 0x7a) {
      return 'small';
    }
    if (codePoint >= 0x41 && codePoint <= 0x5a) {
      return 'capital';
    }
    if (codePoint >= 0x30 && codePoint <= 0x39) {
      return 'digit';
    }
    return 'separator';
  }
  if (IGNORABLE.test(character)) {
    return 'ignorable';
  }
  if (MARK.test(character)) {
    return 'mark';
  }
  if (LETTER.test(character)) {
    if (CJK_LETTER.test(character)) {
      return 'cjk';
    }
    return UPPERCASE_LETTER.test(character) ? 'capital' : 'small';
  }
  return DECIMAL_DIGIT.test(character) ? 'digit' : 'separator';
}

/** The words of a text, and the separator-free stretches of it that hold CJK letters. */
interface SplitText {
  /** Lower-cased, folded words in order; a run of CJK letters is one word. */
  readonly words: readonly string[];
  /** Each separator-free stretch with a CJK letter, as its words joined (`APIキーを入力` → `apiキーを入力`). */
  readonly cjkStretches: readonly string[];
}

type WordKind = 'letters' | 'digits' | 'cjk';

/** Splits text into words in one pass over its code points (see the file comment for the rules). */
class WordSplitter {
  readonly words: string[] = [];
  readonly cjkStretches: string[] = [];
  #word = '';
  #kind: WordKind | undefined;
  /** Whether every letter of the word so far is a capital, and how many there are. */
  #allCapitals = false;
  #capitals = 0;
  #previousWasCapital = false;
  /** Where the latest capital starts in the word: `APIKey` splits there when a small letter follows. */
  #lastCapitalAt = 0;
  /**
   * `APIs`: an acronym followed by a small `s` is its plural, unless more small letters follow: then the word is
   * split after the acronym (`APIsecret` → `API` + `secret`, `URLslug` → `URL` + `slug`).
   */
  #pendingSplitAt: number | undefined;
  #stretchStart = 0;
  #stretchHasCjk = false;

  add(character: string): void {
    const characterClass = classify(character);
    switch (characterClass) {
      case 'ignorable': {
        return;
      }
      case 'mark': {
        // A combining mark belongs to the letter before it; one after a separator is dropped
        if (this.#word !== '') {
          this.#word += character;
        }
        return;
      }
      case 'separator': {
        this.#endWord();
        this.#endStretch();
        return;
      }
      case 'digit':
      case 'cjk': {
        const kind = characterClass === 'digit' ? 'digits' : 'cjk';
        if (this.#kind !== kind) {
          this.#endWord();
          this.#kind = kind;
        }
        this.#word += character;
        return;
      }
      case 'capital': {
        // A capital after a small letter starts a word (`passWord`)
        if (this.#kind !== 'letters' || !this.#previousWasCapital) {
          this.#endWord();
          this.#startLetters(true);
        }
        this.#lastCapitalAt = this.#word.length;
        this.#word += character;
        this.#capitals += 1;
        this.#previousWasCapital = true;
        return;
      }
      case 'small': {
        this.#addSmall(character);
        return;
      }
      default: {
        characterClass satisfies never;
      }
    }
  }

  finish(): SplitText {
    this.#endWord();
    this.#endStretch();
    return { words: this.words, cjkStretches: this.cjkStretches };
  }

  #addSmall(character: string): void {
    if (this.#kind !== 'letters') {
      this.#endWord();
      this.#startLetters(false);
    } else if (this.#pendingSplitAt !== undefined) {
      // `IDsomething` is `ID` + `something`, not a plural after all
      this.#splitAt(this.#pendingSplitAt);
    } else if (this.#previousWasCapital && this.#allCapitals && this.#capitals >= 2) {
      // An acronym run ends before its last capital: `APIKey` → `API` + `Key`, `XMLHttp` → `XML` + `Http`
      if (character === 's') {
        this.#pendingSplitAt = this.#word.length;
      } else {
        this.#splitAt(this.#lastCapitalAt);
      }
    }
    this.#word += character;
    this.#allCapitals = false;
    this.#previousWasCapital = false;
  }

  #startLetters(capital: boolean): void {
    this.#kind = 'letters';
    this.#allCapitals = capital;
    this.#capitals = 0;
    this.#previousWasCapital = false;
    this.#pendingSplitAt = undefined;
  }

  #splitAt(at: number): void {
    this.#push(this.#word.slice(0, at));
    this.#word = this.#word.slice(at);
    this.#pendingSplitAt = undefined;
  }

  #push(word: string): void {
    this.words.push(word.toLowerCase().replaceAll('ß', 'ss'));
  }

  #endWord(): void {
    if (this.#word !== '') {
      this.#push(this.#word);
      if (this.#kind === 'cjk') {
        this.#stretchHasCjk = true;
      }
    }
    this.#word = '';
    this.#kind = undefined;
    this.#pendingSplitAt = undefined;
  }

  #endStretch(): void {
    if (this.#stretchHasCjk) {
      this.cjkStretches.push(this.words.slice(this.#stretchStart).join(''));
    }
    this.#stretchStart = this.words.length;
    this.#stretchHasCjk = false;
  }
}

/** Folds a text (NFKD, accents dropped, NFC) and splits it into words. Linear in the length of the text. */
function splitText(text: string): SplitText {
  const folded = text.normalize('NFKD').replace(COMBINING_DIACRITICAL_MARK, '').normalize('NFC');
  const splitter = new WordSplitter();
  for (const character of folded) {
    splitter.add(character);
  }
  return splitter.finish();
}

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// The vocabulary, indexed once at load time
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

type Verdict = SensitiveReason | typeof LOOK_ALIKE;

/** A wording as it is matched: its words joined (`mot de passe` → `motdepasse`). */
interface Entry {
  readonly key: string;
  readonly verdict: Verdict;
}

/** Entries by their first character, longest first, for searching inside a word or a CJK stretch. */
type StemIndex = ReadonlyMap<string, readonly Entry[]>;

interface VocabularyIndex {
  /** Whole-word wordings by key; the first table wins (none repeats a key: see SECRET_VOCABULARY). */
  readonly words: ReadonlyMap<string, Verdict>;
  /** Every prefix of every key: a join that is none of them cannot grow into a wording, so joining stops. */
  readonly keyPrefixes: ReadonlySet<string>;
  readonly inside: StemIndex;
  readonly cjk: StemIndex;
  readonly alone: ReadonlyMap<string, Verdict>;
  /** The most words in one wording, and the longest key plus one (a plural `s`). */
  readonly maxJoinedWords: number;
  readonly maxKeyLength: number;
}

function indexStems(entries: readonly Entry[]): StemIndex {
  const byFirst = new Map<string, Entry[]>();
  for (const entry of entries) {
    const first = entry.key.charAt(0);
    const bucket = byFirst.get(first) ?? [];
    bucket.push(entry);
    byFirst.set(first, bucket);
  }
  for (const bucket of byFirst.values()) {
    bucket.sort((left, right) => right.key.length - left.key.length);
  }
  return byFirst;
}

function indexVocabulary(tables: readonly SecretVocabularyTable[]): VocabularyIndex {
  const words = new Map<string, Verdict>();
  const keyPrefixes = new Set<string>();
  const alone = new Map<string, Verdict>();
  const inside: Entry[] = [];
  const cjk: Entry[] = [];
  let maxJoinedWords = 1;
  let maxKeyLength = 1;
  for (const { verdict, words: wordings, inside: stems, alone: soleWords } of tables) {
    for (const wording of wordings) {
      const split = splitText(wording);
      const key = split.words.join('');
      if (!words.has(key)) {
        words.set(key, verdict);
      }
      for (let length = 1; length <= key.length; length += 1) {
        keyPrefixes.add(key.slice(0, length));
      }
      if (split.cjkStretches.length > 0) {
        cjk.push({ key, verdict });
      }
      maxJoinedWords = Math.max(maxJoinedWords, split.words.length);
      maxKeyLength = Math.max(maxKeyLength, key.length + 1);
    }
    for (const stem of stems) {
      inside.push({ key: splitText(stem).words.join(''), verdict });
    }
    for (const soleWord of soleWords) {
      alone.set(splitText(soleWord).words.join(''), verdict);
    }
  }
  return {
    words,
    keyPrefixes,
    inside: indexStems(inside),
    cjk: indexStems(cjk),
    alone,
    maxJoinedWords,
    maxKeyLength,
  };
}

const VOCABULARY = indexVocabulary(SECRET_VOCABULARY);

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Judging
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A key's verdict, also as a plural (`apikeys` → `apikey`); the exact key wins (`tokens` is a look-alike). */
function lookUp(map: ReadonlyMap<string, Verdict>, key: string): Verdict | undefined {
  return map.get(key) ?? (key.endsWith('s') ? map.get(key.slice(0, -1)) : undefined);
}

/** The longest wording made of the words from `start` on, and how many words it covers. */
function matchJoinedWords(
  words: readonly string[],
  start: number,
): { readonly verdict: Verdict; readonly wordCount: number } | undefined {
  const joins: string[] = [];
  let joined = '';
  for (let count = 1; count <= VOCABULARY.maxJoinedWords; count += 1) {
    const word = words[start + count - 1];
    if (word === undefined || joined.length + word.length > VOCABULARY.maxKeyLength) {
      break;
    }
    joined += word;
    joins.push(joined);
    if (!VOCABULARY.keyPrefixes.has(joined)) {
      break;
    }
  }
  for (let count = joins.length; count >= 1; count -= 1) {
    const verdict = lookUp(VOCABULARY.words, joins[count - 1] ?? '');
    if (verdict !== undefined) {
      return { verdict, wordCount: count };
    }
  }
  return undefined;
}

/**
 * The first stem found in `run`, scanning left to right (the longest stem at each position). A look-alike hides
 * what it covers. Per character: one map look-up and a few `startsWith` of short stems.
 */
function findStem(run: string, index: StemIndex): SensitiveReason | undefined {
  for (let position = 0; position < run.length; position += 1) {
    const candidates = index.get(run.charAt(position));
    const entry = candidates?.find((candidate) => run.startsWith(candidate.key, position));
    if (entry === undefined) {
      continue;
    }
    if (entry.verdict !== LOOK_ALIKE) {
      return entry.verdict;
    }
    position += entry.key.length - 1;
  }
  return undefined;
}

function judgeWords(words: readonly string[]): SensitiveReason | undefined {
  let index = 0;
  while (index < words.length) {
    const match = matchJoinedWords(words, index);
    if (match !== undefined) {
      if (match.verdict !== LOOK_ALIKE) {
        return match.verdict;
      }
      index += match.wordCount;
      continue;
    }
    const stem = findStem(words[index] ?? '', VOCABULARY.inside);
    if (stem !== undefined) {
      return stem;
    }
    index += 1;
  }
  return undefined;
}

/**
 * Whether one name or text looks like it asks for a secret, and why: `detectSecret('passPhrase')` is `'password'`,
 * `detectSecret('max_tokens')` is `undefined`. Judges words, not substrings (`compass`, `spinner`, `monkey` are
 * left alone), in English, German, Spanish, French, Portuguese, Italian, Japanese, Chinese and Russian. Never
 * throws; linear in the length of the text. Anything but a string is `undefined`.
 */
export function detectSecret(text: string): SensitiveReason | undefined {
  if (typeof text !== 'string') {
    return undefined;
  }
  const { words, cjkStretches } = splitText(text);
  const fromWords = judgeWords(words);
  if (fromWords !== undefined) {
    return fromWords;
  }
  for (const stretch of cjkStretches) {
    const fromStretch = findStem(stretch, VOCABULARY.cjk);
    if (fromStretch !== undefined) {
      return fromStretch;
    }
  }
  const [onlyWord] = words;
  if (words.length === 1 && onlyWord !== undefined) {
    const verdict = lookUp(VOCABULARY.alone, onlyWord);
    if (verdict !== undefined && verdict !== LOOK_ALIKE) {
      return verdict;
    }
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields a user types into: text (not a choice) and numbers. A checkbox or a choice cannot carry a secret. */
function isTypedIn(property: Record<string, unknown>): boolean {
  const { type } = property;
  if (type === 'number' || type === 'integer') {
    return true;
  }
  return type === 'string' && property.enum === undefined && property.oneOf === undefined;
}

/** The label, cut to MAX_LABEL_LENGTH code points. */
function shorten(label: string): string {
  let shortened = '';
  let length = 0;
  for (const character of label) {
    if (length === MAX_LABEL_LENGTH) {
      return `${shortened}…`;
    }
    shortened += character;
    length += 1;
  }
  return shortened;
}

/**
 * Fields that look like they ask for a secret: passwords, PINs, one-time codes, recovery phrases, private and API
 * keys, tokens, session cookies, card and bank numbers, national identity numbers (see {@link SensitiveReason}).
 * Judges the fields a user types into (`string` without `enum`/`oneOf`, `number`, `integer`) by their property
 * name, then title, then description, with {@link detectSecret}: the first that looks like a secret gives the
 * reason. Form mode must not be used for secrets; hosts can warn or refuse.
 *
 * Never throws on data: anything that is not an object with object `properties` gives `[]`, non-object properties
 * and non-string titles are skipped. It reads plain data (such as a parsed request's schema); a getter or proxy
 * that throws is the parser's business. Linear in the size of the schema's text.
 */
export function findSensitiveFields(schema: unknown): SensitiveField[] {
  const properties = isRecord(schema) ? schema.properties : undefined;
  if (!isRecord(properties)) {
    return [];
  }
  const found: SensitiveField[] = [];
  for (const [field, property] of Object.entries(properties)) {
    if (!isRecord(property) || !isTypedIn(property)) {
      continue;
    }
    const title = typeof property.title === 'string' ? property.title : '';
    const description = typeof property.description === 'string' ? property.description : '';
    const reason = detectSecret(field) ?? detectSecret(title) ?? detectSecret(description);
    if (reason === undefined) {
      continue;
    }
    const label = shorten(title.trim() === '' ? field : title);
    found.push({
      field,
      reason,
      message: `"${label}" looks like it asks for ${REASON_WORDING[reason]}. ${URL_MODE_ADVICE}`,
    });
  }
  return found;
}
