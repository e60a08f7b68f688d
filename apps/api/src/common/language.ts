import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizeMessage, type Language } from '@rxbridge/contracts';
import { fieldsHeadline, type ApiError } from '@rxbridge/platform';

/**
 * The language of an answer from the `Accept-Language` header (docs/product.md, Languages): Spanish when `es` or
 * `es-*` is preferred over `en` by q-values (an equal q: the one listed first), English otherwise.
 */
export function parseAcceptLanguage(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const best: Record<Language, { q: number; at: number }> = { en: { q: 0, at: Infinity }, es: { q: 0, at: Infinity } };
  text.split(',').forEach((part, at) => {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const language = tag.split('-')[0];
    if (language !== 'en' && language !== 'es') return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    if (q > best[language].q) best[language] = { q, at };
  });
  const { en, es } = best;
  return es.q > en.q || (es.q > 0 && es.q === en.q && es.at < en.at) ? 'es' : 'en';
}

/** The request's language; marks the answer as depending on `Accept-Language` for caches. */
export function answerLanguage(req: FastifyRequest, res: FastifyReply): Language {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/\baccept-language\b/i.test(vary))
    void res.header('Vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
  return parseAcceptLanguage(req.headers['accept-language']);
}

/** `@RequestLanguage() language: Language`: a handler whose data is worded in the request's language. */
export const RequestLanguage = createParamDecorator((_: unknown, ctx: ExecutionContext): Language => {
  const http = ctx.switchToHttp();
  return answerLanguage(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
});

/** A text in `language`; "field: text" keeps its field's name and says the text (docs/product.md, Languages). */
function localizeText(message: string, language: Language): string {
  const whole = localizeMessage(message, language);
  if (whole !== message) return whole;
  const named = /^([\w.[\]-]+): (.+)$/s.exec(message);
  return named ? `${named[1]}: ${localizeMessage(named[2], language)}` : message;
}

/** An error's message and per-field messages in `language`; codes and field names as they are. */
export function localizeFailure(
  failure: { message: string; fields?: Record<string, string> },
  language: Language,
  translated: Partial<Pick<ApiError, 'translatedFields' | 'translatedMessage'>> = {},
): { message: string; fields?: Record<string, string> } {
  const { message, fields } = failure;
  if (language === 'en') return { message, fields };
  const ownMessage = translated.translatedMessage?.[language];
  if (!fields || !Object.keys(fields).length) return { message: ownMessage ?? localizeText(message, language) };
  const given = translated.translatedFields?.[language];
  const localized = Object.fromEntries(
    Object.entries(fields).map(([key, text]) => [key, given?.[key] ?? localizeText(text, language)]),
  );
  const headline = message === fieldsHeadline(fields) ? fieldsHeadline(localized, language) : null;
  return { message: ownMessage ?? headline ?? localizeText(message, language), fields: localized };
}
