export { createWorker } from './create-worker';
export { WorkerModule } from './worker.module';
export { OutboxRelayService } from './queue/outbox-relay.service';
