// How the bridge load run tells its questions apart: each question's message carries its serial, and its answer
// carries the serial back in `nickname` (an answer with another serial is wrong).
import { kitchenSinkValues } from './forms.mjs';

/** The message of question `serial`. */
export const messageOf = (serial) => `Question ${serial}`;

/** The serial a question's message carries (`Question 17` → 17). */
export const serialOf = (entry) => Number(entry.request.message.slice('Question '.length));

/** The answer to question `serial`: the kitchen sink's valid values, its nickname naming the question. */
export const answerOf = (serial) => ({ action: 'accept', content: { ...kitchenSinkValues, nickname: `q${serial}` } });
