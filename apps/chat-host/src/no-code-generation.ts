// zod (the AI SDK's schemas, parsing each streamed chunk) compiles its object parsers with `new Function` unless told
// not to. Under the page's CSP (`script-src 'self'`, no 'unsafe-eval') that is refused anyway, but even its probe
// `Function("")` is reported as a violation. Imported first by main.tsx, before any schema is made.
import { config } from 'zod';

config({ jitless: true });
