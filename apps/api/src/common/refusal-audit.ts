import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpStatus,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { isUuid } from '@rxbridge/database';
import { readApplications } from '@rxbridge/applications';
import { ApiError } from '@rxbridge/platform';
import type { AuthUser } from './auth.guard';
import { isStaff, writeAudit } from './record-access';

/** The refusals whose words tell of the application (its state, program, checklist): a 404 tells nothing. */
const TELLING = new Set<number>([HttpStatus.BAD_REQUEST, HttpStatus.CONFLICT]);

/**
 * A staff change to an application (route parameter `id`) that is refused with words about it ("Someone else moved
 * this application to Denied", "its program is now ...") is a staff read of that patient's application like any
 * other (docs/architecture.md §9): the change's own audit row went with its rolled-back transaction, so the refusal
 * writes 'application.change_refused' on its own first. If that row cannot be written, the answer is a 500 that
 * discloses nothing, as for every audited read.
 */
@Injectable()
export class ApplicationRefusalAudit implements NestInterceptor {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = ctx.switchToHttp().getRequest<{ user?: AuthUser; params: Record<string, string> }>();
    return next.handle().pipe(
      catchError((err: unknown) =>
        from(this.auditRefusal(err, request.user, request.params.id)).pipe(
          mergeMap(() => {
            throw err;
          }),
        ),
      ),
    );
  }

  private async auditRefusal(err: unknown, actor: AuthUser | undefined, applicationId: string | undefined) {
    if (!(err instanceof ApiError) || !TELLING.has(err.getStatus())) return;
    if (!actor || !isStaff(actor) || !applicationId || !isUuid(applicationId)) return;
    const [app] = await readApplications(this.db.manager, [applicationId]);
    if (!app) return;
    await writeAudit(this.db.manager, actor, {
      action: 'application.change_refused',
      subjectUserId: app.userId,
      entityType: 'application',
      entityId: app.id,
      metadata: { code: err.code },
    });
  }
}

/** Audits this route's refusals as reads of the application they tell of (ApplicationRefusalAudit). */
export const AuditsRefusals = () => applyDecorators(UseInterceptors(ApplicationRefusalAudit));
