// Accounts as both processes and the tools need them: signed tokens, password hashing, creating accounts.
export * from './account-tokens';
export * from './password-hasher';
export * from './create-account';
export { runUserCreate } from './user-create';
export * from './account-emails.repository';
