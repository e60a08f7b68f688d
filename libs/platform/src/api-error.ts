import { HttpException, HttpStatus } from '@nestjs/common';
import { API_MESSAGES, LANGUAGES, MESSAGES, localizeMessage, type Language } from '@rxbridge/contracts';

/** An error a person can act on: status, stable code, human message and optional per-field messages. */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More of the error's body beside code and message (e.g. `missing` of packet-incomplete). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message, status);
  }

  /**
   * The fields' messages in a language where their English text alone cannot say it (zod's own messages, which
   * zod words per language); the others are looked up by their English text (docs/product.md, Languages).
   */
  translatedFields?: Partial<Record<Language, Record<string, string>>>;

  /** The message in a language where its English text alone cannot say it (a label of ours inside it). */
  translatedMessage?: Partial<Record<Language, string>>;
}

/**
 * A 400 naming `field` whose text holds words of ours that the message tables cannot translate from the English (a
 * document's label): `say` words it in each language (docs/product.md, Languages).
 */
export function fieldRefusal(field: string, say: (language: Language) => string): ApiError {
  const english = say('en');
  const error = badRequest(english, { [field]: english }, 'validation-failed');
  for (const language of LANGUAGES) {
    if (language === 'en') continue;
    const text = say(language);
    error.translatedFields = { ...error.translatedFields, [language]: { [field]: text } };
    error.translatedMessage = { ...error.translatedMessage, [language]: text };
  }
  return error;
}

/**
 * A 409 whose text holds words of ours that the message tables cannot translate from the English (a route's reason):
 * `say` words it in each language (docs/product.md, Languages).
 */
export function conflictIn(code: string, say: (language: Language) => string): ApiError {
  const error = conflict(say('en'), code);
  for (const language of LANGUAGES) {
    if (language !== 'en') error.translatedMessage = { ...error.translatedMessage, [language]: say(language) };
  }
  return error;
}

/** A validation error's headline: the first field's message, naming its field, and how many more there are. */
export function fieldsHeadline(fields: Record<string, string>, language: Language = 'en'): string {
  const entries = Object.entries(fields);
  const [key, text] = entries[0];
  const where = key === '_' ? '' : `${key}: `;
  const more = entries.length > 1 ? ` ${localizeMessage(API_MESSAGES.andMore(entries.length - 1), language)}` : '';
  return `${where}${text}${more}`;
}

export const badRequest = (message: string, fields?: Record<string, string>, code = 'bad-request') =>
  new ApiError(HttpStatus.BAD_REQUEST, code, message, fields);
export const unauthorized = (message: string = MESSAGES.notAuthenticated, code = 'unauthorized') =>
  new ApiError(HttpStatus.UNAUTHORIZED, code, message);
export const forbidden = (message: string = MESSAGES.forbidden) =>
  new ApiError(HttpStatus.FORBIDDEN, 'forbidden', message);
/** An account an ADMIN disabled (docs/product.md §7.7 Staff accounts): no login, no refresh. */
export const accountDisabled = () => new ApiError(HttpStatus.FORBIDDEN, 'account-disabled', MESSAGES.accountDisabled);
/** "Not found or no access": a response never reveals that someone else's record exists. */
export const notFound = (what = 'Record') =>
  new ApiError(HttpStatus.NOT_FOUND, 'not-found', API_MESSAGES.notFound(what));
export const conflict = (message: string, code = 'conflict') => new ApiError(HttpStatus.CONFLICT, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string = MESSAGES.tooManyRequests) =>
  new ApiError(HttpStatus.TOO_MANY_REQUESTS, 'rate-limited', message, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
/**
 * Nothing was written and the client may try again after `retryAfterSeconds`: a dependency down (Stripe,
 * PostgreSQL, Redis) or a transaction rolled back by a conflict (docs/architecture.md §6 Outages).
 */
export const serviceUnavailable = (retryAfterSeconds = 5) =>
  new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'service-unavailable', MESSAGES.serviceUnavailable, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
