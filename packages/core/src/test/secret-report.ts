// The generated sections of docs/secret-detection.md: the vocabulary as the detector reads it (from
// sensitive-vocabulary.ts) and the corpus figures (from secret-corpus.ts). sensitive.test.ts keeps the doc equal to
// them; `UPDATE_SECRET_REPORT=1 pnpm exec vitest run --project core src/sensitive.test.ts` rewrites it.
import {
  CJK_SETTING_SUFFIXES,
  CONTEXT_EXCEPTIONS,
  KEY_HEADER,
  LEET_LETTERS,
  LOOK_ALIKE,
  PUBLIC_KEY_HEADER_WORDS,
  SECRET_VOCABULARY,
  SETTING_WORDS_AFTER,
  SETTING_WORDS_BEFORE,
  TOKEN_PREFIXES,
} from '../sensitive-vocabulary.js';
import { CONFUSABLE_LETTERS } from '../sensitive-confusables.js';
import { measureSecretCorpus, renderCorpusReport } from './secret-corpus.js';

/** `a`, `b`, `c` as inline code, joined. */
const codes = (items: readonly string[]): string => items.map((item) => `\`${item}\``).join(', ');

/** The vocabulary section: every table's wordings, stems, alone words and acronyms, then the rules' word lists. */
export function renderVocabulary(): string {
  const sections: string[] = [];
  for (const table of SECRET_VOCABULARY) {
    const title = table.verdict === LOOK_ALIKE ? 'Look-alikes (they cover their words)' : `\`${table.verdict}\``;
    const lines = [`**${title}** — ${table.words.length} wordings: ${table.words.join(' · ')}`];
    if (table.inside.length > 0) lines.push(`inside longer words: ${codes(table.inside)}`);
    if (table.alone.length > 0) lines.push(`only as the whole text: ${codes(table.alone)}`);
    if ((table.capitals ?? []).length > 0) lines.push(`only in capitals: ${codes(table.capitals ?? [])}`);
    sections.push(lines.join('\n\n'));
  }
  const confusables = Object.values(CONFUSABLE_LETTERS).reduce((total, letters) => total + [...letters].length, 0);
  sections.push(
    [
      `**Setting words after a wording** (${SETTING_WORDS_AFTER.length}): ${SETTING_WORDS_AFTER.join(' · ')}`,
      `**Setting words before a wording** (${SETTING_WORDS_BEFORE.length}): ${SETTING_WORDS_BEFORE.join(' · ')}`,
      `**CJK settings after a wording**: ${CJK_SETTING_SUFFIXES.join(' · ')}`,
      ...CONTEXT_EXCEPTIONS.map(
        ({ wordings, unless }) => `**Context**: ${codes(wordings)} is no secret beside ${unless.join(' · ')}`,
      ),
      `**Token prefixes**: ${TOKEN_PREFIXES.map(({ prefix, verdict, minimumRest }) => `\`${prefix}\` (${verdict}${minimumRest === undefined ? '' : `, ${minimumRest}+ characters or none`})`).join(', ')}; \`${KEY_HEADER}\` (private-key, unless the header says ${PUBLIC_KEY_HEADER_WORDS.join(' or ')})`,
      `**Leetspeak**: ${Object.entries(LEET_LETTERS)
        .map(([sign, letter]) => `\`${sign}\` → ${letter}`)
        .join(', ')}`,
      `**Confusable letters**: ${confusables} (generated; see above)`,
    ].join('\n\n'),
  );
  return sections.join('\n\n');
}

/** The corpus section. */
export const renderCorpus = (): string => renderCorpusReport(measureSecretCorpus());
