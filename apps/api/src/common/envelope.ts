import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

const MESSAGE = Symbol('message');

/** Lets a handler add a human message to its answer: `return withMessage(data, 'Saved')`. */
export function withMessage<T extends object>(data: T, message: string): T {
  return Object.assign(data, { [MESSAGE]: message });
}

/** Wraps every successful answer as `{ success: true, data, message? }` (docs/product.md §10 API). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((data) => {
        const message = data && typeof data === 'object' ? (data as Record<symbol, string>)[MESSAGE] : undefined;
        return { success: true, data: data ?? null, ...(message && { message }) };
      }),
    );
  }
}
