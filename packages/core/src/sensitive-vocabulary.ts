// The secret detector's vocabulary: data only (sensitive-matcher.ts reads it, sensitive.ts is the public API). Every
// wording is written as people write it; the matcher folds and splits it exactly like the text it judges, so accents,
// case and spacing never need listing twice. docs/secret-detection.md describes each table and the judgement calls.

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
  /**
   * Acronyms that count only when written in capitals (`TAN`, `pushTAN`; `tan` is a colour). Matched as whole words.
   * @default []
   */
  readonly capitals?: readonly string[];
}

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Vocabulary. Languages: English, German, Spanish, French, Portuguese, Italian, Dutch, Polish, Turkish, Japanese,
// Chinese (simplified and traditional), Russian, and a few Korean words. Accents may be left out by the server
// (`codigo de verificacion`, `haslo`, `sifre`).
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
    // Rate limiting, networking and crypto-currency tokens (public)
    'token bucket',
    'token ring',
    'token supply',
    'token holder',
    'token standard',
    'token contract',
    'token decimals',
    // Other things called secret
    'secret ingredient',
    'secret menu',
    'secret level',
    // Pins that are not codes
    'pin board',
    'pin to board',
    'push pin',
    // A link, not a field
    'forgot password',
    'forgotten password',
    'mot de passe oublié',
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
    // Wi-Fi passwords
    'wifi key',
    'wlan key',
    'wpa key',
    'wpa2 key',
    'wpa3 key',
    'wpa psk',
    'psk',
    'pre shared key',
    'preshared key',
    'network key',
    'network security key',
    'wireless key',
    // Wi-Fi keys in other languages
    'WLAN-Schlüssel',
    'Netzwerkschlüssel',
    'clave de red',
    'clave wifi',
    'clave del wifi',
    'clave de wifi',
    'clé wifi',
    'clé réseau',
    'clé de sécurité réseau',
    'chave de rede',
    'chave wifi',
    'chiave di rete',
    'chiave wifi',
    'netwerksleutel',
    'wifi-sleutel',
    'klucz sieci',
    'klucz wifi',
    'ağ anahtarı',
    'wifi anahtarı',
    'ネットワークキー',
    'ключ сети',
    'ключ wi-fi',
    'ключ безопасности сети',
    // Dutch
    'wachtwoord',
    'wachtzin',
    // Polish (`ł` folds to `l`: `haslo`)
    'hasło',
    'fraza hasła',
    // Turkish (`parola` alone is also Italian for “word”, so only in these wordings)
    'şifre',
    'şifreniz',
    'şifrenizi',
    'şifresi',
    'şifreyi',
    'parolanız',
    'parolanızı',
    'parolası',
    'parolayı',
    'yeni parola',
    'parola girin',
  ],
  inside: [
    'password',
    'passwd',
    'passphrase',
    'Passwort',
    'Kennwort',
    'contraseña',
    'motdepasse',
    'парол',
    'wachtwoord',
    'hasl',
    'sifre',
  ],
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
    // More PINs and static codes
    'puk code',
    'sim pin',
    'atm pin',
    'card pin',
    'alarm code',
    'gate code',
    'lock code',
    'locker code',
    'unlock pin',
    // Dutch
    'toegangscode',
    'ontgrendelcode',
    'geheime code',
    // Polish
    'kod dostępu',
    'kod odblokowania',
    'kod PIN',
    // Turkish
    'erişim kodu',
    'kilit kodu',
    'PIN kodu',
  ],
  inside: ['passcode', 'Geheimzahl', 'Zugangscode'],
  alone: [],
  capitals: ['PUK'],
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
    // Authenticator apps
    'authenticator',
    'authenticator app',
    'google authenticator',
    'microsoft authenticator',
    'authy',
    'code from your authenticator',
    'code from the authenticator',
    'code from your app',
    'code from the app',
    'code in your app',
    'code in the app',
    'code shown in your app',
    'code shown in the app',
    'rolling code',
    'six digit code',
    'eight digit code',
    // Codes sent by e-mail or text message
    'email code',
    'emailed code',
    'mailed code',
    'texted code',
    'code from the email',
    'code from your email',
    'code in the email',
    'code in your email',
    'code from your inbox',
    'code in your inbox',
    'code we just sent',
    'code we e-mailed',
    'code we mailed',
    'code by email',
    'code by sms',
    'code via email',
    'code via sms',
    'magic code',
    'digits we texted',
    'digits we sent',
    'digits we emailed',
    'magic link code',
    'text message code',
    'code from the text message',
    'code in the text message',
    'reset code',
    'password reset code',
    // Bank TANs (`TAN` itself is in capitals below)
    'transaction authentication number',
    'transaction signing code',
    'pushTAN',
    'chipTAN',
    'smsTAN',
    'photoTAN',
    'iTAN',
    'Freigabecode',
    // German
    'Code aus der App',
    'Code aus der E-Mail',
    'Einmal-PIN',
    'Zwei-Faktor-Code',
    'Zwei-Faktor',
    // Spanish
    'código enviado',
    'código que te enviamos',
    'código de la app',
    'código del autenticador',
    'clave de un solo uso',
    'código por SMS',
    'código por correo',
    'verificación en dos pasos',
    'autenticación de dos factores',
    // French
    'code reçu',
    'code envoyé',
    'code que nous vous avons envoyé',
    "code de l'application",
    "code de l'authentificateur",
    'code par e-mail',
    'code temporaire',
    'double authentification',
    'authentification à deux facteurs',
    // Portuguese
    'código que enviamos',
    'código do aplicativo',
    'código do autenticador',
    'código por e-mail',
    'token de verificação',
    'verificação em duas etapas',
    'autenticação de dois fatores',
    'senha de uso único',
    // Italian
    'codice ricevuto',
    'codice inviato',
    'codice che ti abbiamo inviato',
    "codice dell'app",
    "codice dell'autenticatore",
    'codice temporaneo',
    'verifica in due passaggi',
    'autenticazione a due fattori',
    // Dutch
    'verificatiecode',
    'bevestigingscode',
    'eenmalige code',
    'eenmalig wachtwoord',
    'inlogcode',
    'herstelcode',
    'back-upcode',
    'authenticatiecode',
    'tweestapsverificatie',
    'code uit de app',
    // Polish
    'kod weryfikacyjny',
    'kod potwierdzający',
    'kod jednorazowy',
    'hasło jednorazowe',
    'kod SMS',
    'kod autoryzacyjny',
    'kod uwierzytelniający',
    'kod odzyskiwania',
    'kod zapasowy',
    'kod z aplikacji',
    'weryfikacja dwuetapowa',
    'kod BLIK',
    // Turkish
    'doğrulama kodu',
    'onay kodu',
    'tek kullanımlık şifre',
    'tek kullanımlık kod',
    'tek seferlik şifre',
    'SMS kodu',
    'giriş kodu',
    'kurtarma kodu',
    'yedek kod',
    'iki adımlı doğrulama',
    'kimlik doğrulama kodu',
    'e-posta kodu',
    // Japanese, Chinese, Russian, Korean
    'ワンタイムパスコード',
    '確認番号',
    '送信されたコード',
    '届いたコード',
    '認証アプリ',
    '二段階認証',
    '2段階認証',
    '身份验证器',
    '两步验证',
    '双重验证',
    '动态口令',
    'код из приложения',
    'код из письма',
    'код аутентификатора',
    '인증 코드',
  ],
  inside: [
    'Bestätigungscode',
    'Verifizierungscode',
    'Einmalcode',
    'Einmalpasswort',
    'Einmalkennwort',
    'Transaktionsnummer',
    'verificatiecode',
    'bevestigingscode',
  ],
  alone: [],
  capitals: ['TAN', 'BLIK'],
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
    // Singular and other wordings
    'seed word',
    'recovery word',
    'wallet words',
    // Dutch, Polish, Turkish, Italian, Spanish, German, Japanese, Chinese
    'herstelzin',
    'herstelwoorden',
    'fraza odzyskiwania',
    'fraza seed',
    'fraza mnemoniczna',
    'słowa odzyskiwania',
    'kurtarma ifadesi',
    'gizli kurtarma ifadesi',
    'tohum ifadesi',
    'frase seed',
    'parole di recupero',
    'frase mnemonica',
    'palabras de recuperación',
    'Wiederherstellungswörter',
    'シードワード',
    '恢复短语',
    '种子词',
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
    // Wallets
    'extended private key',
    'xprv',
    // Dutch
    'privésleutel',
    'privé sleutel',
    'ondertekeningssleutel',
    'versleutelingssleutel',
    'SSH-sleutel',
    // Polish
    'klucz prywatny',
    'klucz SSH',
    'klucz szyfrowania',
    'klucz podpisu',
    // Turkish
    'özel anahtar',
    'SSH anahtarı',
    'şifreleme anahtarı',
    'imza anahtarı',
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
    // Dutch, Polish, Turkish
    'API-sleutel',
    'toegangssleutel',
    'klucz API',
    'API anahtarı',
    'erişim anahtarı',
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
    // Dutch, Polish, Turkish
    'personal access token',
    'toegangstoken',
    'token dostępu',
    'token uwierzytelniający',
    'erişim belirteci',
    'kimlik doğrulama belirteci',
    'yenileme belirteci',
  ],
  inside: ['accesstoken', 'refreshtoken', 'bearertoken', 'authtoken', 'apitoken', 'Zugriffstoken'],
  alone: [],
  capitals: ['PAT'],
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
    // Vault unseal keys and key shares
    'unseal key',
    'unseal key share',
    'key share',
    'shamir share',
    'root token share',
    // Disk and account recovery keys
    'recovery key',
    'bitlocker key',
    'bitlocker recovery key',
    'filevault key',
    'filevault recovery key',
    'luks key',
    'escrow key',
    // More secrets
    'api secret',
    'app secret',
    'consumer secret',
    'signing secret',
    // Recovery keys in other languages
    'Wiederherstellungsschlüssel',
    'clave de recuperación',
    'clé de récupération',
    'chave de recuperação',
    'chiave di ripristino',
    'chiave di recupero',
    'herstelsleutel',
    'klucz odzyskiwania',
    'kurtarma anahtarı',
    '回復キー',
    'リカバリーキー',
    '恢复密钥',
    'ключ восстановления',
    // Dutch, Polish, Turkish
    'geheime sleutel',
    'clientgeheim',
    'klucz tajny',
    'sekret klienta',
    'gizli anahtar',
    'istemci sırrı',
  ],
  inside: ['clientsecret', 'secretkey', 'unsealkey', 'recoverykey'],
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
    // Dutch, Polish, Turkish
    'inloggegevens',
    'licentiesleutel',
    'productsleutel',
    'verbindingsreeks',
    'dane logowania',
    'dane uwierzytelniające',
    'klucz licencyjny',
    'klucz produktu',
    'ciąg połączenia',
    'kimlik bilgileri',
    'giriş bilgileri',
    'lisans anahtarı',
    'ürün anahtarı',
    'bağlantı dizesi',
  ],
  inside: ['credential', 'Zugangsdaten', 'Anmeldedaten', 'inloggegevens'],
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
    // Dutch, Polish, Turkish
    'sessie-ID',
    'sessiecookie',
    'sessietoken',
    'identyfikator sesji',
    'ciasteczko sesji',
    'plik cookie sesji',
    'token sesji',
    'oturum kimliği',
    'oturum çerezi',
    'oturum belirteci',
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
    // Dutch, Polish, Turkish, Italian
    'kaartnummer',
    'creditcardnummer',
    'creditcard',
    'bankpasnummer',
    'pasnummer',
    'numer karty',
    'numer karty kredytowej',
    'karta kredytowa',
    'karta debetowa',
    'kart numarası',
    'kredi kartı',
    'banka kartı',
    'numero carta di credito',
  ],
  inside: ['cardnumber', 'creditcard', 'Kartennummer', 'Kreditkarte', 'kaartnummer'],
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
    // Dutch, Polish, Turkish, Italian
    'beveiligingscode',
    'kaartverificatiecode',
    'kod zabezpieczający',
    'kod bezpieczeństwa',
    'güvenlik kodu',
    'kart doğrulama kodu',
    'codice CVV',
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
    // Dutch, Polish, Turkish
    'rekeningnummer',
    'bankrekeningnummer',
    'bankrekening',
    'numer konta',
    'numer rachunku',
    'rachunek bankowy',
    'konto bankowe',
    'numer konta bankowego',
    'hesap numarası',
    'banka hesabı',
    'banka hesap numarası',
  ],
  inside: ['Kontonummer', 'Bankleitzahl', 'rekeningnummer'],
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
    // Dutch
    'BSN',
    'burgerservicenummer',
    'sofinummer',
    'paspoortnummer',
    'identiteitskaartnummer',
    'rijbewijsnummer',
    // Polish
    'PESEL',
    'NIP',
    'numer dowodu osobistego',
    'numer paszportu',
    // Turkish
    'TC kimlik numarası',
    'TC kimlik no',
    'TCKN',
    'kimlik numarası',
    'pasaport numarası',
    'vergi numarası',
    // Italian
    "numero carta d'identità",
    "numero della carta d'identità",
  ],
  inside: [
    'Sozialversicherungsnummer',
    'Steueridentifikationsnummer',
    'Personalausweisnummer',
    'Reisepassnummer',
    'burgerservicenummer',
  ],
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

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Settings and names: a secret's wording next to one of these words is about the secret, not the secret itself
// (`OTP length`, `password policy`, `token name`, `longitud de la contraseña`, `OTPの桁数`). Words are written as
// people write them and folded like the text.
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Words that, right after a secret's wording (no punctuation between), make it a setting or an identifier:
 * `otpLength`, `password_policy`, `secretName`, `token TTL`, `API key label`, `Passwort Länge`, `şifre uzunluğu`.
 */
export const SETTING_WORDS_AFTER: readonly string[] = [
  // English: measures and limits
  'length',
  'len',
  'size',
  'digits',
  'count',
  'limit',
  'max',
  'min',
  'maximum',
  'minimum',
  'attempts',
  'retries',
  'retry',
  'tries',
  'timeout',
  'interval',
  'window',
  'period',
  'duration',
  'age',
  'history',
  // English: lifetime and validity
  'expiry',
  'expiration',
  'expires',
  'ttl',
  'lifetime',
  'validity',
  'rotation',
  // English: rules and kinds
  'policy',
  'policies',
  'rules',
  'requirements',
  'complexity',
  'strength',
  'format',
  'type',
  'kind',
  'method',
  'methods',
  'channel',
  'mode',
  'provider',
  'settings',
  'setting',
  'config',
  'configuration',
  'options',
  'enabled',
  'disabled',
  'required',
  'status',
  'scope',
  'scopes',
  'permissions',
  'audience',
  'issuer',
  'endpoint',
  'url',
  'uri',
  'algorithm',
  'fingerprint',
  'manager',
  'managers',
  'reset',
  'threshold',
  'attachment',
  // English: names of a secret (identifiers, not the value)
  'name',
  'names',
  'label',
  'labels',
  'id',
  'ids',
  'identifier',
  'alias',
  'path',
  'ref',
  'reference',
  'arn',
  // German and Dutch (also glued: `Passwortlänge`, `wachtwoordlengte`)
  'länge',
  'richtlinie',
  'richtlinien',
  'ablauf',
  'gültigkeit',
  'stärke',
  'typ',
  'regeln',
  'anforderungen',
  'lengte',
  'beleid',
  'sterkte',
  'naam',
  'geldigheid',
  'vereisten',
  // Turkish (possessive compounds: `şifre uzunluğu`, `token adı`)
  'uzunluğu',
  'politikası',
  'kuralları',
  'türü',
  'adı',
  'süresi',
  'geçerliliği',
  'gücü',
];

/**
 * Words that, before a secret's wording (with at most two connectives between: `of`, `the`, `de`, `la`, `du`, `des`,
 * `della`, `van`, `het`, …), make it a setting: `length of the password`, `longitud de la contraseña`, `longueur du
 * mot de passe`, `maximum PIN attempts`, `name of the secret`. Only nouns: an imperative such as "Type the password"
 * must still be judged.
 */
export const SETTING_WORDS_BEFORE: readonly string[] = [
  // English
  'length',
  'size',
  'max',
  'min',
  'maximum',
  'minimum',
  'expiry',
  'expiration',
  'lifetime',
  'ttl',
  'validity',
  'strength',
  'complexity',
  'policy',
  'name',
  'label',
  'identifier',
  'characters',
  'forgot',
  'forgotten',
  // Spanish, French, Italian, Portuguese
  'longitud',
  'tamaño',
  'máximo',
  'mínimo',
  'caducidad',
  'expiración',
  'vencimiento',
  'validez',
  'política',
  'fuerza',
  'complejidad',
  'nombre',
  'etiqueta',
  'identificador',
  'caracteres',
  'intentos',
  // Adjectives that agree with the noun they follow ("longitud mínima de la contraseña")
  'mínima',
  'máxima',
  'minima',
  'massima',
  'minimale',
  'maximale',
  'minimal',
  'maximal',
  'minimalna',
  'maksymalna',
  'longueur',
  'taille',
  'validité',
  'durée',
  'politique',
  'robustesse',
  'complexité',
  'nom',
  'étiquette',
  'identifiant',
  'caractères',
  'tentatives',
  'lunghezza',
  'dimensione',
  'massimo',
  'minimo',
  'scadenza',
  'validità',
  'forza',
  'complessità',
  'etichetta',
  'identificativo',
  'caratteri',
  'tentativi',
  'comprimento',
  'tamanho',
  'validade',
  'expiração',
  'força',
  'complexidade',
  'nome',
  'rótulo',
  'tentativas',
  // German, Dutch, Polish, Russian
  'länge',
  'gültigkeit',
  'lengte',
  'geldigheid',
  'naam',
  'długość',
  'ważność',
  'nazwa',
  'siła',
  'złożoność',
  'длина',
  'срок',
  'имя',
  'название',
  'сложность',
];

/**
 * Words that count things, before a wording in the plural (`number of backup codes`, `how many recovery codes`,
 * `Anzahl der TANs`): a count of secrets, not a secret. Before a wording in the singular (`number of the credit
 * card`) they are not settings.
 */
export const COUNT_WORDS_BEFORE: readonly string[] = [
  'number',
  'count',
  'amount',
  'many',
  'nombre',
  'número',
  'numero',
  'cantidad',
  'quantidade',
  'quantità',
  'anzahl',
  'aantal',
  'liczba',
  'количество',
];

/** Little words skipped between a setting word and the secret's wording (`length of the password`). */
export const CONNECTIVES: readonly string[] = [
  'of',
  'the',
  'a',
  'an',
  'for',
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'le',
  'les',
  'du',
  'des',
  'd',
  'di',
  'della',
  'dello',
  'delle',
  'dei',
  'degli',
  'do',
  'da',
  'dos',
  'das',
  'der',
  'die',
  'den',
  'dem',
  'van',
  'het',
  'een',
  'z',
  // Possessives ("length of your password", "longueur de votre mot de passe")
  'your',
  'my',
  'this',
  'votre',
  'ton',
  'tu',
  'su',
  'sua',
  'seu',
  'tuo',
  'uw',
  'je',
];

/**
 * Chinese, Japanese and Korean settings and names, found right after a secret's wording inside a run of text
 * (`パスワードの長さ`, `OTPの桁数`, `密码长度`, `令牌有效期`, `シークレット名`).
 */
export const CJK_SETTING_SUFFIXES: readonly string[] = [
  // Japanese
  'の桁数',
  '桁数',
  'の長さ',
  '長さ',
  'の文字数',
  '文字数',
  'の有効期限',
  '有効期限',
  '期限',
  'の名前',
  '名前',
  '名',
  'ポリシー',
  'のポリシー',
  'の強度',
  '強度',
  'の形式',
  '形式',
  'の種類',
  '種類',
  'の上限',
  '上限',
  'の最小',
  '最小',
  'の最大',
  '最大',
  '回数',
  '数',
  // Chinese
  '长度',
  '長度',
  '位数',
  '有效期',
  '名称',
  '名稱',
  '策略',
  '强度',
  '強度',
  '类型',
  '類型',
  '格式',
  '数量',
  // Korean
  '길이',
  '이름',
  '유효기간',
];

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Context: wordings that mean a secret except when the field says otherwise somewhere (its name, title,
// description, default or examples).
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A wording that is not a secret when the field also uses one of `unless` (whole words, folded). */
export interface ContextException {
  readonly wordings: readonly string[];
  readonly unless: readonly string[];
}

export const CONTEXT_EXCEPTIONS: readonly ContextException[] = [
  {
    // India's postal index number ("PIN code") and a pin on a map or a board
    wordings: ['pin', 'pin code', 'pin number'],
    unless: [
      'postal',
      'postcode',
      'zip',
      'zipcode',
      'district',
      'locality',
      'india',
      'map',
      'maps',
      'marker',
      'location',
      'coordinates',
      'latitude',
      'longitude',
      'geolocation',
      'pinterest',
      'board',
      'bookmark',
    ],
  },
  {
    // Portuguese "senha" is also the ticket of a queue ("senha de atendimento", "retire a sua senha na fila")
    wordings: ['senha'],
    unless: ['fila', 'atendimento', 'guiche', 'painel', 'chamada', 'triagem', 'balcao', 'senhas', 'ticket', 'queue'],
  },
];

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Well-known token prefixes and key headers, found in any text of a field (a description "starts with ghp_", a
// default or example "sk-proj-…"), in its options too. Matched case-sensitively at the start of a token (after a
// character that is not a letter or a digit).
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One token prefix, what it reveals, and how long the rest of the token must be when it follows at once. */
export interface TokenPrefix {
  readonly prefix: string;
  readonly verdict: SensitiveReason;
  /**
   * A prefix followed by letters and digits counts only when at least this many follow (`sk-learn` is no key, `sk-`
   * alone in "it starts with sk-" is). @default 0
   */
  readonly minimumRest?: number;
}

export const TOKEN_PREFIXES: readonly TokenPrefix[] = [
  // OpenAI, Anthropic and others ("sk-proj-…", "sk-ant-…")
  { prefix: 'sk-', verdict: 'api-key', minimumRest: 8 },
  // Stripe: secret and restricted keys (publishable `pk_` keys are public), webhook signing secrets
  { prefix: 'sk_live_', verdict: 'api-key' },
  { prefix: 'sk_test_', verdict: 'api-key' },
  { prefix: 'rk_live_', verdict: 'api-key' },
  { prefix: 'rk_test_', verdict: 'api-key' },
  { prefix: 'whsec_', verdict: 'secret' },
  // GitHub, GitLab
  { prefix: 'ghp_', verdict: 'token' },
  { prefix: 'gho_', verdict: 'token' },
  { prefix: 'ghu_', verdict: 'token' },
  { prefix: 'ghs_', verdict: 'token' },
  { prefix: 'ghr_', verdict: 'token' },
  { prefix: 'github_pat_', verdict: 'token' },
  { prefix: 'glpat-', verdict: 'token' },
  // Slack
  { prefix: 'xoxb-', verdict: 'token' },
  { prefix: 'xoxp-', verdict: 'token' },
  { prefix: 'xoxa-', verdict: 'token' },
  { prefix: 'xoxr-', verdict: 'token' },
  { prefix: 'xoxs-', verdict: 'token' },
  { prefix: 'xapp-', verdict: 'token' },
  // Hugging Face, npm, PyPI, DigitalOcean, Shopify, Google OAuth
  { prefix: 'hf_', verdict: 'token' },
  { prefix: 'npm_', verdict: 'token', minimumRest: 8 },
  { prefix: 'pypi-', verdict: 'token', minimumRest: 8 },
  { prefix: 'dop_v1_', verdict: 'token' },
  { prefix: 'shpat_', verdict: 'token' },
  { prefix: 'ya29.', verdict: 'token' },
  // AWS access keys (long-term and temporary), Google API keys
  { prefix: 'AKIA', verdict: 'api-key' },
  { prefix: 'ASIA', verdict: 'api-key', minimumRest: 12 },
  { prefix: 'AIza', verdict: 'api-key' },
  // JSON Web Tokens (base64url of `{"`) and extended private keys of wallets (BIP 32)
  { prefix: 'eyJ', verdict: 'token', minimumRest: 10 },
  { prefix: 'xprv', verdict: 'private-key', minimumRest: 20 },
  // age encryption keys
  { prefix: 'AGE-SECRET-KEY-', verdict: 'private-key' },
];

/** The PEM armour line that opens a key: a private key unless the header names a public key or a certificate. */
export const KEY_HEADER = '-----BEGIN';
/** Words in a PEM header that make it public (`-----BEGIN PUBLIC KEY-----`, `-----BEGIN CERTIFICATE-----`). */
export const PUBLIC_KEY_HEADER_WORDS: readonly string[] = ['PUBLIC', 'CERTIFICATE'];

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Leetspeak: digits and signs written for letters inside a word (`p4ssw0rd`, `P@$$w0rd`, `t0k3n`, `s3cr3t`).
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** What each sign stands for when it is written inside a word of letters. */
export const LEET_LETTERS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};
