import './tracing';
import { runWithSettings } from '@rxbridge/platform/settings';

// As the API's: the worker's code loads once its settings pass (docs/architecture.md §1).
// eslint-disable-next-line @typescript-eslint/no-require-imports
runWithSettings(() => (require('./start') as typeof import('./start')).startWorker);
