// What starts the worker, and the sweeps the tests run on demand through test/support/stack.ts.
export { createWorker } from './create-worker';
export { WorkerModule } from './worker.module';
export { OutboxRelayService } from './queue/outbox-relay.service';
export { BillingSweep } from './billing/billing-sweep';
export { BillingReconciler } from './billing/billing-reconciler';
export { RetentionPrune } from './queue/retention-prune';
export { DocumentFileSweep } from './documents/document-file-sweep';
