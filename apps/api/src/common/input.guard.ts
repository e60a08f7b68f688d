import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { FIELD_MESSAGES } from '@rxbridge/contracts';
import { isUuid } from '@rxbridge/database';
import { badRequest } from '@rxbridge/platform';

/**
 * Characters PostgreSQL refuses in text and jsonb: NUL. A value holding one would reach the
 * database and fail there with a 500; it is refused here with a 400 naming the field instead
 * (docs/architecture.md §5).
 */
const NUL = String.fromCharCode(0);
const hasRefused = (text: string) => text.includes(NUL);

/** The path of the first string (or key) under `value` that holds a refused character, if any. */
export function findRefusedText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasRefused(value) ? path || '_' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (hasRefused(key)) return at;
    const found = findRefusedText(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the 400 for the first refused character in `value`, naming its field. */
export function assertAcceptedText(value: unknown, path = ''): void {
  const field = findRefusedText(value, path);
  if (field)
    throw badRequest(
      FIELD_MESSAGES.refusedCharacterIn(field),
      { [field]: FIELD_MESSAGES.refusedCharacter },
      'validation-failed',
    );
}

/**
 * A path's ids spelt as PostgreSQL spells uuids (lower case): an id in capitals names the same row, and reads that
 * match rows back by their id (a batched read, an own-account check) must find it (docs/architecture.md §5).
 */
export function lowerCaseIds(params: Record<string, string> | undefined): void {
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value === 'string' && isUuid(value)) params![key] = value.toLowerCase();
  }
}

/**
 * Global guard over every route: the path parameters, the query and the JSON body. Multipart fields
 * are parsed later, by the upload interceptor, which checks them the same way. The path's ids are spelt in lower
 * case before any handler reads them.
 */
@Injectable()
export class InputGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    assertAcceptedText(req.params);
    lowerCaseIds(req.params as Record<string, string> | undefined);
    assertAcceptedText(req.query);
    assertAcceptedText(req.body);
    return true;
  }
}
