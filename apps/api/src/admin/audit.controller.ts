import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { auditQuerySchema, type AuditAnswer, type AuditQuery, auditAnswerSchema } from '@rxbridge/contracts';
import { auditLogPage } from '@rxbridge/database';
import { CurrentUser, Roles, type AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { paginate } from '../common/pagination';
import { ZodPipe } from '../common/zod-validation.pipe';
import { Answer } from '../common/answer';

/**
 * The audit log for admins (docs/architecture.md §9): who read which patient's data, filtered by
 * staff member and by patient. A patient matches the reads of their record and the lists that
 * showed them.
 */
@Controller('admin/audit')
@Roles('ADMIN')
export class AuditController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Answer(auditAnswerSchema)
  @Get()
  async list(@CurrentUser() user: AuthUser, @Query(new ZodPipe(auditQuerySchema)) q: AuditQuery): Promise<AuditAnswer> {
    const { rows, total } = await auditLogPage(this.db.manager, {
      staffId: q.staffId ?? null,
      patientId: q.patientId ?? null,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    // The log says what was read of patients (their programs, states, the words searched): reading it is a staff
    // read too, written before it is answered and naming every patient of the page (docs/architecture.md §9).
    await writeAudit(this.db.manager, user, {
      action: 'audit.read',
      subjectUserId: q.patientId ?? null,
      metadata: {
        staffId: q.staffId ?? null,
        patientId: q.patientId ?? null,
        page: q.page,
        limit: q.limit,
        patientIds: patientsNamedIn(rows),
      },
    });
    return {
      entries: rows.map((r) => ({
        id: r.id,
        actorId: r.actor_id,
        actorRole: r.actor_role,
        action: r.action,
        subjectUserId: r.subject_user_id,
        entityType: r.entity_type,
        entityId: r.entity_id,
        metadata: r.metadata,
        createdAt: r.created_at.toISOString(),
      })),
      pagination: paginate(q.page, q.limit, total),
    };
  }
}

/** The patients an audit page names: each row's subject and the patients of the lists it records. */
function patientsNamedIn(rows: { subject_user_id: string | null; metadata: Record<string, unknown> }[]): string[] {
  const ids = new Set<string>();
  for (const r of rows) {
    if (r.subject_user_id) ids.add(r.subject_user_id);
    const listed = r.metadata?.patientIds;
    if (Array.isArray(listed)) for (const id of listed) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}
