import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StaffUpdate, StaffView } from '@rxbridge/contracts';
import { conflict, notFound } from '@rxbridge/platform';
import { isUuid } from '@rxbridge/database';
import { lockUser, setAccountAccess, findUser } from '@rxbridge/accounts';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { SessionsService } from '../accounts/sessions.service';

/**
 * An ADMIN's changes to an account's role and access (docs/product.md §7.7 Staff accounts): the change,
 * its audit row and the end of the account's sessions are one transaction; the endings are announced
 * after the commit, so every API process cuts the account's live feeds at once (docs/architecture.md §8).
 */
@Injectable()
export class StaffService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  async update(actor: AuthUser, requestedId: string, change: StaffUpdate): Promise<StaffView> {
    if (!isUuid(requestedId)) throw notFound('Staff member');
    const ended = await this.db.transaction(async (manager) => {
      const before = await lockUser(manager, requestedId);
      if (!before) throw notFound('Staff member');
      // An admin who disabled or demoted themselves could leave nobody to undo it. Compared as the database reads the
      // id (a uuid in capitals is the same account), so no spelling of their own id passes.
      if (before.id === actor.id) throw conflict('You cannot change your own role or access', 'own-account');
      const id = before.id;
      await setAccountAccess(manager, id, change);
      await writeAudit(manager, actor, {
        action: 'staff.updated',
        subjectUserId: id,
        entityType: 'user',
        entityId: id,
        metadata: {
          ...(change.role !== undefined && { role: { from: before.role, to: change.role } }),
          ...(change.disabled !== undefined && { disabled: { from: before.disabledAt !== null, to: change.disabled } }),
        },
      });
      return { id, sessions: await this.sessions.endAllFor(id, manager) };
    });
    await this.sessions.revokeAccess(ended.sessions);
    const id = ended.id;
    const user = await findUser(this.db.manager, id);
    if (!user) throw notFound('Staff member');
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      disabledAt: user.disabledAt?.toISOString() ?? null,
    };
  }
}
