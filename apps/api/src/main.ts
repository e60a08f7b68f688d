import './tracing';
import { runWithSettings } from '@rxbridge/platform/settings';

// The application's code loads once its settings pass: a refused setting stops the process at once,
// having loaded and opened nothing (docs/architecture.md §1).
// eslint-disable-next-line @typescript-eslint/no-require-imports
runWithSettings(() => (require('./start') as typeof import('./start')).startApi);
