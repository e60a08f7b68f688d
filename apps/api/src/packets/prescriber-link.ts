import type { DataSource, EntityManager } from 'typeorm';
import { isCalendarDay, PRESCRIBER_MESSAGES } from '@rxbridge/contracts';
import { isSameDateOfBirth, isTerminal } from '@rxbridge/domain';
import type { Application, PrescriberRequest } from '@rxbridge/database';
import { ApiError, badRequest } from '@rxbridge/platform';
import { sha256 } from '@rxbridge/accounts';
import {
  appGoesAsPacket,
  assertPacketOpen,
  patientOf,
  prescriberRequestByTokenHash,
  readApplications,
  recordWrongBirthDate,
  WRONG_BIRTH_DATES_ALLOWED,
} from '@rxbridge/applications';

export const linkGone = () => new ApiError(410, 'link-gone', PRESCRIBER_MESSAGES.linkGone);

/** A 400 naming every refused field, headed like the validation pipe's: the first field and how many more. */
export function fieldsRefused(fields: Record<string, string>) {
  const [first, ...more] = Object.entries(fields);
  return badRequest(
    `${first[0]}: ${first[1]}${more.length ? ` (and ${more.length} more)` : ''}`,
    fields,
    'validation-failed',
  );
}

/**
 * The live request a signing link's token names, and its application; a used, expired or unknown link is 410, and so is
 * one whose application was closed or set to a copay card or a foundation since (`appGoesAsPacket`, docs/product.md
 * §15, §16): nothing is signed for those.
 */
export async function openLink(
  manager: EntityManager,
  token: string,
  lock: boolean,
): Promise<{ request: PrescriberRequest; app: Application }> {
  const request = await prescriberRequestByTokenHash(manager, sha256(token), { lock });
  if (!request || request.usedAt || request.expiresAt.getTime() <= Date.now()) throw linkGone();
  const [app] = await readApplications(manager, [request.applicationId]);
  if (!app || isTerminal(app.state) || !appGoesAsPacket(app)) throw linkGone();
  return { request, app };
}

/**
 * Opens a link for whoever gives the patient's date of birth (docs/product.md §16). A wrong one is counted at once,
 * outside any caller's transaction so that the refusal cannot roll it back, and answers 400 naming `dateOfBirth`
 * with no patient detail; the fifth spends the link, and it and every later answer are 410. The link is checked
 * first, so a spent one answers 410 whatever date comes with it.
 */
export async function openLinkWithBirthDate(db: DataSource, token: string, dateOfBirth: string | undefined) {
  const link = await openLink(db.manager, token, false);
  // A missing or malformed date is not an answer: refused, not counted.
  if (!dateOfBirth || !isCalendarDay(dateOfBirth))
    throw fieldsRefused({ dateOfBirth: PRESCRIBER_MESSAGES.dateOfBirthRequired });
  const patient = await patientOf(db.manager, link.app);
  if (isSameDateOfBirth(dateOfBirth, patient.dateOfBirth)) {
    // Told only once the date of birth matched: the application's state is the patient's.
    assertPacketOpen(link.app, PRESCRIBER_MESSAGES.packetClosed);
    return { ...link, patient };
  }
  const wrong = await recordWrongBirthDate(db.manager, link.request.id);
  if (wrong === null || wrong >= WRONG_BIRTH_DATES_ALLOWED) throw linkGone();
  throw fieldsRefused({ dateOfBirth: PRESCRIBER_MESSAGES.dateOfBirthMismatch });
}
