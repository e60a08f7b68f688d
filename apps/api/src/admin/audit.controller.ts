import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { auditQuerySchema, type AuditAnswer, type AuditQuery, auditAnswerSchema } from '@rxbridge/contracts';
import { auditLogPage } from '@rxbridge/database';
import { Roles } from '../common/auth.guard';
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
  async list(@Query(new ZodPipe(auditQuerySchema)) q: AuditQuery): Promise<AuditAnswer> {
    const { rows, total } = await auditLogPage(this.db.manager, {
      staffId: q.staffId ?? null,
      patientId: q.patientId ?? null,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
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
