// The shared messages' Spanish tables, apart: they pull the contracts' schemas (and zod), so a page loads them
// only when a message is about to show (docs/architecture.md §1, What loads first).
export { localizeMessage } from '@rxbridge/contracts';
