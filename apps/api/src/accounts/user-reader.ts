import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { PublicUser } from '@rxbridge/contracts';
import { findProfile, type Profile } from '@rxbridge/accounts';
import { notFound } from '@rxbridge/platform';
import { toPublicUser } from './user-view';

/** Loads the public view of a user, with the prescription count the client shows. */
@Injectable()
export class UserReader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async publicUser(userId: string, manager: EntityManager = this.db.manager): Promise<PublicUser> {
    const profile = await findProfile(manager, userId);
    if (!profile) throw notFound('Account');
    return toPublicUser(profile.user, profile.prescriptionCount);
  }

  /** The public view of a profile already read (a navigator's record reads the patient first). */
  viewOf(profile: Profile): PublicUser {
    return toPublicUser(profile.user, profile.prescriptionCount);
  }
}
