// Prints the README's data-attribute table, generated from the anatomy (src/anatomy.ts + src/anatomy-docs.ts).
import { ELICITATION_PARTS } from '../src/anatomy.js';
import { anatomyTable } from '../src/anatomy-docs.js';

console.log(anatomyTable(ELICITATION_PARTS));
