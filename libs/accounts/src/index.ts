// Accounts as both processes and the tools need them: signed tokens, password hashing, creating
// accounts, and the SQL of users, sessions, password resets and email verifications (repositories).
export * from './account-tokens';
export * from './password-hasher';
export * from './create-account';
export { runUserCreate } from './user-create';
export * from './users.repository';
export * from './sessions.repository';
export * from './password-resets.repository';
export * from './email-verifications.repository';
