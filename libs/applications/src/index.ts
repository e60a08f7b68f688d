// The applications aggregate (docs/architecture.md §2): its use-cases, shared by the API and the
// worker, and its repositories, the only place its SQL lives.
export * from './change-application-state';
export * from './application-state.repository';
export * from './timeline.repository';
export * from './application-views';
export * from './application-views.repository';
export * from './application-push';
export * from './eligibility-facts';
export * from './applications.repository';
export * from './application-notes';
export * from './open-applications';
export * from './cancel-application';
export * from './timers.repository';
export * from './checklist';
export * from './checklist.repository';
export * from './prescriber.repository';
export * from './packet.repository';
export * from './packet-facts';
export * from './packet-pdf';
export * from './packet-document';
export * from './signatures';
export * from './signatures.repository';
export * from './sign-as-patient';
export * from './submissions.repository';
export * from './submit-application';
export * from './navigator-queue.repository';
export * from './ops-exports';
