import { Accounts1763700000000 } from './1763700000000-accounts';
import { Records1763800000000 } from './1763800000000-records';
import { Applications1763900000000 } from './1763900000000-applications';
import { Billing1764000000000 } from './1764000000000-billing';
import { DocumentFileCleanups1764100000000 } from './1764100000000-document-file-cleanups';
import { ChargeReconciliationRetention1764200000000 } from './1764200000000-charge-reconciliation-retention';
import { ProgramsEligibility1764300000000 } from './1764300000000-programs-eligibility';
import { AccountDisabling1764600000000 } from './1764600000000-account-disabling';
import { AuditAppendOnly1764700000000 } from './1764700000000-audit-append-only';
import { PrescriberSignOff1764800000000 } from './1764800000000-prescriber-sign-off';
import { OutboxPush1764900000000 } from './1764900000000-outbox-push';
import { OutboxNotify1765000000000 } from './1765000000000-outbox-notify';
import { WriterPushes1765100000000 } from './1765100000000-writer-pushes';
import { PatientSignatures1765200000000 } from './1765200000000-patient-signatures';
import { ProgramPacketSubmissions1765200000001 } from './1765200000001-program-packet-submissions';
import { PrescriberIdentifiers1765250000000 } from './1765250000000-prescriber-identifiers';
import { EnrollmentRenewals1765300000000 } from './1765300000000-enrollment-renewals';
import { InsuranceDrugCoverage1765400000000 } from './1765400000000-insurance-drug-coverage';
import { RedisLosesNothing1765500000000 } from './1765500000000-redis-loses-nothing';
import { PreferredLanguage1765600000000 } from './1765600000000-preferred-language';
import { OutboxTraceContext1765700000000 } from './1765700000000-outbox-trace-context';
import { OutboxWakeThroughRedis1765800000000 } from './1765800000000-outbox-wake-through-redis';
import { AskedEmailsRearm1765900000000 } from './1765900000000-asked-emails-rearm';
import { CardSavedAt1766000000000 } from './1766000000000-card-saved-at';
import { RenewalPerEnrollment1766100000000 } from './1766100000000-renewal-per-enrollment';
import { SupportMessages1766200000000 } from './1766200000000-support-messages';
import { SupportMessagesAge1766300000000 } from './1766300000000-support-messages-age';
import { SupportReplies1766400000000 } from './1766400000000-support-replies';
import { AuditLogNewestFirst1766500000000 } from './1766500000000-audit-log-newest-first';
import { UnaccentedSearch1766600000000 } from './1766600000000-unaccented-search';
import { OutboxHandledQueues1766700000000 } from './1766700000000-outbox-handled-queues';
import { FailedPaymentMethod1766800000000 } from './1766800000000-failed-payment-method';
import { InsurancePlanChanged1766900000000 } from './1766900000000-insurance-plan-changed';
import { UnfaxableDocuments1767000000000 } from './1767000000000-unfaxable-documents';

/** In order; each new migration is appended here. */
export const MIGRATIONS = [
  Accounts1763700000000,
  Records1763800000000,
  Applications1763900000000,
  Billing1764000000000,
  DocumentFileCleanups1764100000000,
  ChargeReconciliationRetention1764200000000,
  ProgramsEligibility1764300000000,
  AccountDisabling1764600000000,
  AuditAppendOnly1764700000000,
  PrescriberSignOff1764800000000,
  OutboxPush1764900000000,
  OutboxNotify1765000000000,
  WriterPushes1765100000000,
  PatientSignatures1765200000000,
  ProgramPacketSubmissions1765200000001,
  PrescriberIdentifiers1765250000000,
  EnrollmentRenewals1765300000000,
  InsuranceDrugCoverage1765400000000,
  RedisLosesNothing1765500000000,
  PreferredLanguage1765600000000,
  OutboxTraceContext1765700000000,
  OutboxWakeThroughRedis1765800000000,
  AskedEmailsRearm1765900000000,
  CardSavedAt1766000000000,
  RenewalPerEnrollment1766100000000,
  SupportMessages1766200000000,
  SupportMessagesAge1766300000000,
  SupportReplies1766400000000,
  AuditLogNewestFirst1766500000000,
  UnaccentedSearch1766600000000,
  OutboxHandledQueues1766700000000,
  FailedPaymentMethod1766800000000,
  InsurancePlanChanged1766900000000,
  UnfaxableDocuments1767000000000,
];
