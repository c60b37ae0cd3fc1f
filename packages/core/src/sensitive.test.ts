// The judgement table of src/sensitive.ts, case by case.
import { describe, expect, it } from 'vitest';
import { findSensitiveFields, type PrimitiveSchemaDefinition, type SensitiveReason } from './index.js';

const judge = (name: string, property: Partial<PrimitiveSchemaDefinition> = {}) =>
  findSensitiveFields({
    type: 'object',
    properties: { [name]: { type: 'string', ...property } as PrimitiveSchemaDefinition },
  })[0]?.reason ?? null;

describe('findSensitiveFields', () => {
  it.each<[string, Partial<PrimitiveSchemaDefinition>, SensitiveReason | null]>([
    // Passwords, also inside compounds
    ['password', {}, 'password'],
    ['newPassword', {}, 'password'],
    ['user_passwd', {}, 'password'],
    ['mypassword', {}, 'password'],
    ['value', { title: 'Passphrase' }, 'password'],
    ['pwd', {}, 'password'],
    // One-time codes and PINs (text or number)
    ['otp', {}, 'passcode'],
    ['code', { title: '2FA code' }, 'passcode'],
    ['passcode', {}, 'passcode'],
    ['pin', { type: 'integer' } as Partial<PrimitiveSchemaDefinition>, 'pin'],
    ['cardPIN', {}, 'pin'],
    ['pinned', {}, null],
    ['spinnerLabel', {}, null],
    // Tokens, but not LLM usage settings
    ['token', {}, 'token'],
    ['accessToken', {}, 'token'],
    ['GITHUB_TOKEN', {}, 'token'],
    ['x', { title: 'Bearer token' }, 'token'],
    ['maxTokens', { type: 'integer' } as Partial<PrimitiveSchemaDefinition>, null],
    ['tokenBudget', { type: 'number' } as Partial<PrimitiveSchemaDefinition>, null],
    ['budget', { title: 'Token limit per request' }, null],
    ['tokens', {}, null],
    // API keys in every disguise
    ['api_key', {}, 'api-key'],
    ['apiKey', {}, 'api-key'],
    ['APIKey', {}, 'api-key'],
    ['x-api-key', {}, 'api-key'],
    ['k', { title: 'API Key' }, 'api-key'],
    ['openaiApiKey', {}, 'api-key'],
    ['awsAccessKey', {}, 'api-key'],
    ['awsAccessKeyId', {}, null],
    ['keyId', {}, null],
    // "key" alone is an ordinary word
    ['keyResults', {}, null],
    ['primaryKey', {}, null],
    ['sortKey', {}, null],
    ['keyboardLayout', {}, null],
    // Secrets, also when only the description asks
    ['clientSecret', {}, 'secret'],
    ['config', { title: 'Configuration value', description: 'Paste your secret key here' }, 'secret'],
    ['config', { title: 'Configuration value', description: 'Your API key from the dashboard' }, 'api-key'],
    ['secretary', {}, null],
    // Private keys and wallets
    ['privateKey', {}, 'private-key'],
    ['sshKey', {}, 'private-key'],
    ['seedPhrase', {}, 'private-key'],
    // Credentials
    ['credentials', {}, 'credential'],
    ['databaseConnectionString', {}, 'credential'],
    ['licenseKey', {}, 'credential'],
    // Payment cards
    ['cardNumber', {}, 'card-number'],
    ['cc_number', {}, 'card-number'],
    ['x', { title: 'Credit card' }, 'card-number'],
    ['cvv', {}, 'card-security-code'],
    ['CVC2', {}, 'card-security-code'],
    ['x', { title: 'Security code' }, 'card-security-code'],
    ['giftCardMessage', {}, null],
    // Government identifiers
    ['ssn', {}, 'social-security-number'],
    ['x', { title: 'Social Security Number' }, 'social-security-number'],
    // Ordinary fields
    ['username', {}, null],
    ['userName', { title: 'User name' }, null],
    ['email', { format: 'email' }, null],
    ['name', { title: 'Full name' }, null],
    ['accountName', {}, null],
    ['passport', {}, null],
    ['bypass', {}, null],
    ['compass', {}, null],
  ])('%s %j → %s', (name, property, reason) => {
    expect(judge(name, property)).toBe(reason);
  });

  it('judges only fields a user types into (not checkboxes or choices)', () => {
    expect(judge('password', { type: 'boolean' } as Partial<PrimitiveSchemaDefinition>)).toBeNull();
    expect(judge('password', { enum: ['a'] } as Partial<PrimitiveSchemaDefinition>)).toBeNull();
    expect(judge('password', { oneOf: [{ const: 'a', title: 'A' }] } as Partial<PrimitiveSchemaDefinition>)).toBeNull();
  });

  it('names the field, the reason and the label in its message', () => {
    expect(
      findSensitiveFields({
        type: 'object',
        properties: { k: { type: 'string', title: 'API Key' }, n: { type: 'string' } },
      }),
    ).toEqual([{ field: 'k', reason: 'api-key', message: '"API Key" looks like a secret (api-key)' }]);
  });

  it('does not throw on malformed schemas', () => {
    expect(findSensitiveFields({} as never)).toEqual([]);
    expect(
      findSensitiveFields({
        type: 'object',
        properties: { a: null, b: 'x', c: { type: 'string', title: 7 } },
      } as never),
    ).toEqual([]);
  });
});
