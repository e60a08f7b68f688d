// The API's own texts a patient can read (docs/product.md §12 Messages), beside the shared MESSAGES.
export const API_MESSAGES = {
  notFound: (what: string) => `${what} not found`,
  noSuchEndpoint: (method: string, path: string) => `No such endpoint: ${method} ${path}`,
  andMore: (count: number) => `(and ${count} more)`,
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  sendJson: 'Send the request body as JSON',
  unreadable: 'The request could not be read',
  uriTooLong: 'A part of the address is too long',
  badUrl: 'The address is not valid (a malformed %-encoding)',
  bodyShape: 'The request body must be a JSON object or array',
  recordExists: 'This record already exists',
  recordGone: 'This record refers to something that no longer exists',
  valueTooLong: 'the value is too long',
  uploadUnreadable: (text: string) => `The upload could not be read (${text}). Please choose the file again.`,
  programLocked: (label: string) =>
    `This application is ${label.toLowerCase()}: its program can no longer change.`,
  nothingToPay: 'The DIY plan is free: there is no payment method to add.',
  alreadyCancelled: 'This subscription is already cancelled.',
  invalidAccessCode: 'Invalid access code',
} as const;
