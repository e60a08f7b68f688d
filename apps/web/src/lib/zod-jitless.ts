// The web build's `zod` (an alias in vite.config.ts): zod compiles object parsers with new Function()
// after probing whether eval is allowed, at the moment a schema is built; the content security policy
// forbids eval, so the probe itself is reported as a violation. Switching it off here, in the module
// every `import ... from 'zod'` goes through, runs before any schema exists (docs/architecture.md).
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
