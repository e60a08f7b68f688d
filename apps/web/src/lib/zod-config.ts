import { config } from 'zod';

// zod compiles object parsers with new Function() after probing whether eval is allowed; the content
// security policy forbids eval, so the probe itself is reported as a violation. Imported first by
// main.tsx, before any schema exists (docs/architecture.md, web app).
config({ jitless: true });
