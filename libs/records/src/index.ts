// A patient's record (doctors, prescriptions, insurance, documents, messages to support): the SQL that reads and
// writes it.
// Every function takes the caller's EntityManager, so the caller decides the transaction.
export * from './owned-records.repository';
export * from './doctors.repository';
export * from './prescriptions.repository';
export * from './insurance.repository';
export * from './documents.repository';
export * from './record-lists.repository';
export * from './support-messages.repository';
