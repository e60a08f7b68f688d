import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  InternalServerErrorException,
  Logger,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isDeepStrictEqual } from 'node:util';
import { map, type Observable } from 'rxjs';
import type { z } from 'zod';

export const ANSWER = 'rxbridge:answer';

/** What a route answers: the zod schema of the envelope's `data`, or the content types of the file it sends. */
export type AnswerSpec = { schema: z.ZodType } | { file: readonly string[] };

/** The schema (libs/contracts) of the `data` this route answers: documented and, in tests, checked (docs/architecture.md §5). */
export const Answer = (schema: z.ZodType) => SetMetadata(ANSWER, { schema } satisfies AnswerSpec);

/** This route sends a file of one of these content types, not a JSON envelope. */
export const AnswerFile = (...contentTypes: [string, ...string[]]) =>
  SetMetadata(ANSWER, { file: contentTypes } satisfies AnswerSpec);

/**
 * NODE_ENV=test only (docs/architecture.md §5): parses every JSON answer's data, as the client receives it, with its
 * route's answer schema. A field missing, of another type or not in the schema is logged with the route and answers
 * 500, so the e2e test that reached the route fails. Other environments skip it: it costs time and proves nothing new.
 */
@Injectable()
export class AnswerCheckInterceptor implements NestInterceptor {
  private readonly logger = new Logger('AnswerCheck');

  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AnswerSpec | undefined>(ANSWER, ctx.getHandler());
    const route = `${ctx.getClass().name}.${ctx.getHandler().name}`;
    return next.handle().pipe(
      map((data: unknown) => {
        if (spec && 'file' in spec) return data;
        const problem = spec ? answerProblem(spec.schema, data) : 'the route has no @Answer schema';
        if (problem) {
          this.logger.error({ route, problem }, 'answer does not match its schema');
          throw new InternalServerErrorException(`${route}: ${problem}`);
        }
        return data;
      }),
    );
  }
}

/** Why `data` (as JSON carries it) does not match `schema`, or null when it does. */
export function answerProblem(schema: z.ZodType, data: unknown): string | null {
  const json: unknown = data === undefined ? null : JSON.parse(JSON.stringify(data));
  const parsed = schema.safeParse(json);
  if (!parsed.success) return JSON.stringify(parsed.error.issues);
  // zod strips the fields a schema does not name; the document says there are none.
  if (!isDeepStrictEqual(parsed.data, json))
    return `fields not in the schema: ${strayPaths(json, parsed.data).join(', ')}`;
  return null;
}

function strayPaths(json: unknown, parsed: unknown, path = 'data'): string[] {
  if (!json || typeof json !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(json).flatMap(([key, value]) =>
    key in parsed ? strayPaths(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}
