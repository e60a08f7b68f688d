import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { PublicUser } from '@rxbridge/contracts';
import { findUser } from '@rxbridge/accounts';
import { countPrescriptions } from '@rxbridge/records';
import { notFound } from '@rxbridge/platform';
import { toPublicUser } from './user-view';

/** Loads the public view of a user, with the prescription count the client shows. */
@Injectable()
export class UserReader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async publicUser(userId: string, manager: EntityManager = this.db.manager): Promise<PublicUser> {
    const user = await findUser(manager, userId);
    if (!user) throw notFound('Account');
    const count = await countPrescriptions(manager, userId);
    return toPublicUser(user, count);
  }
}
