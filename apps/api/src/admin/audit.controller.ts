import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { auditQuerySchema, type AuditAnswer, type AuditQuery, type Role, auditAnswerSchema } from '@rxbridge/contracts';
import { Roles } from '../common/auth.guard';
import { paginate } from '../common/pagination';
import { ZodPipe } from '../common/zod-validation.pipe';
import { Answer } from '../common/answer';

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_role: Role | null;
  action: string;
  subject_user_id: string | null;
  entity_type: string | null;
  entity_id: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
  total: number;
}

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
    const rows: AuditRow[] = await this.db.query(
      `SELECT *, count(*) OVER ()::int AS total FROM audit_log
        WHERE ($1::uuid IS NULL OR actor_id = $1)
          AND ($2::uuid IS NULL OR subject_user_id = $2 OR metadata->'patientIds' ? $2::text)
        ORDER BY created_at DESC, id DESC
        OFFSET $3 LIMIT $4`,
      [q.staffId ?? null, q.patientId ?? null, (q.page - 1) * q.limit, q.limit],
    );
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
      pagination: paginate(q.page, q.limit, rows[0]?.total ?? 0),
    };
  }
}
