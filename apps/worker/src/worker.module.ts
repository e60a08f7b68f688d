import { WriterPushesModule } from '@rxbridge/events';
import { eligibilityFactsProvider } from '@rxbridge/applications';
import { type DynamicModule, Module } from '@nestjs/common';
import { coreModules, SETTINGS, type Settings, stripeProvider } from '@rxbridge/platform';
import { createDocumentStorage, DOCUMENT_STORAGE } from '@rxbridge/documents';
import { EmailHandlers } from './email/email.handlers';
import { ApplicationEmails } from './applications/application-emails';
import { ApplicationHandlers } from './applications/application.handlers';
import { ApplicationTimers } from './applications/application-timers';
import { EnrollmentTimers } from './applications/enrollment-timers';
import { AskedDocuments } from './applications/asked-documents';
import { PrescriberRequests } from './applications/prescriber-requests';
import { FaxSender } from './applications/fax-sender';
import { RealtimePublisher } from './realtime/publisher';
import { BillingEmails } from './billing/billing-emails';
import { BillingHandlers } from './billing/billing.handlers';
import { BillingPushes } from './billing/billing-pushes';
import { BillingSweep } from './billing/billing-sweep';
import { BillingReconciler } from './billing/billing-reconciler';
import { RetentionPrune } from './queue/retention-prune';
import { WorkerLiveness } from './liveness';
import { SchemaGate } from './schema-gate';
import { DocumentFileSweep } from './documents/document-file-sweep';
import { ChargeService } from './billing/charge.service';
import { Mailer } from './email/mailer';
import { EffectLedger } from './queue/effect-ledger';
import { OutboxRelayService } from './queue/outbox-relay.service';
import { QueueWorkers } from './queue/queue-workers';
import { HandledMarks } from './queue/handled-marks';
import { RedisRecovery } from './queue/redis-recovery';
import { ScheduledTicks } from './queue/scheduled-tick';
import { TimerJobs } from './queue/timer-jobs';
import { WorkerMetrics } from './queue/worker-metrics';

/** The worker process: same infrastructure as the API, no HTTP; queue processors and the relay. */
@Module({})
export class WorkerModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: WorkerModule,
      imports: [...coreModules(settings), WriterPushesModule],
      providers: [
        SchemaGate,
        Mailer,
        EffectLedger,
        EmailHandlers,
        RealtimePublisher,
        TimerJobs,
        ApplicationTimers,
        EnrollmentTimers,
        AskedDocuments,
        PrescriberRequests,
        { provide: DOCUMENT_STORAGE, inject: [SETTINGS], useFactory: createDocumentStorage },
        FaxSender,
        eligibilityFactsProvider,
        ApplicationHandlers,
        ApplicationEmails,
        stripeProvider,
        ChargeService,
        BillingPushes,
        BillingSweep,
        BillingReconciler,
        RetentionPrune,
        DocumentFileSweep,
        ScheduledTicks,
        BillingEmails,
        BillingHandlers,
        QueueWorkers,
        HandledMarks,
        WorkerMetrics,
        OutboxRelayService,
        RedisRecovery,
        WorkerLiveness,
      ],
    };
  }
}
