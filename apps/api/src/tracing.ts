// The first import of main.ts: tracing starts before anything it instruments is loaded (docs/architecture.md §13 Tracing).
import { startTracing } from '@rxbridge/platform/tracing';

startTracing('rxbridge-api');
