// The worker's and the insights' repositories of the applications aggregate (docs/architecture.md §2).
export * from './insights.repository';
export * from './prescriber-requests.repository';
export * from './application-emails.repository';
