// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputRound, progressWords } from './progress.js';

/** The SDK's own template for the input-round message, read from the installed client's bundle. */
function sdkTemplate(): string {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('@modelcontextprotocol/client'));
  for (const file of readdirSync(dist)) {
    if (!file.endsWith('.mjs')) continue;
    const text = readFileSync(join(dist, file), 'utf8');
    const at = text.indexOf('`Fulfilling input required by');
    if (at !== -1) {
      return text.slice(at + 1, text.indexOf('`', at + 1));
    }
  }
  throw new Error('The SDK no longer sends "Fulfilling input required by …": update progress.ts.');
}

describe('inputRound', () => {
  it('reads the round of the message the installed SDK sends', () => {
    const template = sdkTemplate();
    expect(template).toBe("Fulfilling input required by '${method}' (round ${round})");
    const message = template.replace('${method}', 'tools/call').replace('${round}', '3');
    expect(inputRound(message)).toBe(3);
  });

  it('reads any method name and multi-digit rounds', () => {
    expect(inputRound("Fulfilling input required by 'prompts/get' (round 12)")).toBe(12);
    expect(inputRound("Fulfilling input required by '' (round 1)")).toBe(1);
    expect(inputRound("Fulfilling input required by 'a' (round 1)' (round 2)")).toBe(2);
  });

  it('leaves every other message alone', () => {
    expect(inputRound('Preparing the export (1/4)')).toBeUndefined();
    expect(inputRound("Fulfilling input required by 'tools/call' (round )")).toBeUndefined();
    expect(inputRound("Fulfilling input required by 'tools/call' (round 1x)")).toBeUndefined();
    expect(inputRound("Fulfilling input required by 'tools/call' (round 1")).toBeUndefined();
    expect(inputRound("Fulfilling input required by 'tools/call' (round 1234567)")).toBeUndefined();
    expect(inputRound('Fulfilling input required by (round 1)')).toBeUndefined();
    expect(inputRound("Fulfilling input required by ' (round 1)")).toBeUndefined();
  });

  it('answers on 100,000-character messages', () => {
    const long = `Fulfilling input required by '${"' (round ".repeat(10_000)}' (round 7)`;
    expect(inputRound(long)).toBe(7);
    expect(inputRound(`Fulfilling input required by '${'x'.repeat(100_000)})`)).toBeUndefined();
  });
});

describe('progressWords', () => {
  it("says the host's words for the SDK's input rounds, not the SDK's", () => {
    const words = progressWords({ progress: 1, message: "Fulfilling input required by 'tools/call' (round 1)" });
    expect(words).toBe('Answering the server’s questions (round 1)…');
    expect(words).not.toContain('Fulfilling');
  });

  it("shows a server's own progress as it sent it", () => {
    expect(progressWords({ progress: 2, total: 4, message: 'Preparing the export (2/4)' })).toBe(
      '2 / 4 Preparing the export (2/4)',
    );
    expect(progressWords({ progress: 5 })).toBe('5');
    expect(progressWords({ progress: 0.5, message: '<b>half</b>' })).toBe('0.5 <b>half</b>');
    expect(progressWords(undefined)).toBe('');
  });
});
