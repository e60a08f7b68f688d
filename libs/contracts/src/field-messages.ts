// The texts of the shared field schemas (docs/product.md §12 Messages); labels are the field's name as a patient reads it.
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  chooseValid: (label: string) => `Please choose a valid ${label}`,
  atMost: (max: number, things: string) => `At most ${max} ${things}`,
  aNumber: (label: string) => `${label} must be a number`,
  wholeNumber: (label: string) => `${label} must be a whole number`,
  atLeastNumber: (label: string, min: number) => `${label} must be at least ${min}`,
  atMostNumber: (label: string, max: number) => `${label} must be at most ${max}`,
  /** A query's choice among codes: "tier must be ONGOING_CARE, ENROLLMENT_ONLY or DIY_INSTRUCTIONS". */
  oneOf: (label: string, first: string, last: string) => `${label} must be ${first} or ${last}`,
  searchInBody: (searchPath: string) => `search goes in the body of POST /api/v1${searchPath}, never in an address`,
  chooseCoverageType: 'Please choose a coverage type from the list',
  resetCodeDigits: 'The reset code is 6 digits',
  chooseSpecialty: 'Please choose a specialty from the list',
  chooseFrequency: 'Please choose a frequency from the list',
  confirmPassword: 'Please confirm your password',
  insuranceAnswer: 'Please tell us whether you have insurance',
  writeMessage: 'Please write your message',
  /** NUL, which PostgreSQL refuses in text (docs/architecture.md §5). */
  refusedCharacter: 'contains a character that is not allowed (NUL)',
  refusedCharacterIn: (field: string) => `${field}: contains a character that is not allowed (NUL)`,
} as const;
