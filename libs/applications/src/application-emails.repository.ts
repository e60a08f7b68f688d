import type { EntityManager } from 'typeorm';
import type { ApplicationState, Language } from '@rxbridge/contracts';
import { ApplicationShipment, prepared, runPrepared, type PipelinedTransaction } from '@rxbridge/database';
import { SHOWN_MEDICATION } from './application-views.repository';

/** Who a status email goes to, and the medication it names. */
export interface StatusEmailContext {
  email: string;
  firstName: string;
  verified: boolean;
  medication: string;
  /** The patient's preferredLanguage: the email's language (docs/product.md, Languages). */
  language: Language;
}

// The patient a status email goes to, and the medication it names (SHOWN_MEDICATION); no row when
// the patient or the application is gone. Prepared: most moves send this email
// (docs/architecture.md §15 Performance).
const EMAIL_CONTEXT = prepared(
  'application-email-context',
  `SELECT u.email, u.first_name AS "firstName", u.email_verified_at IS NOT NULL AS verified,
          u.preferred_language AS language,
          ${SHOWN_MEDICATION} AS medication
     FROM users u, applications a LEFT JOIN prescriptions p ON p.id = a.prescription_id
    WHERE u.id = $1 AND a.id = $2`,
);

/**
 * One round trip for the patient and the medication shown; null when either is gone. In a pipelined
 * transaction (the email's claim, doEffectOnce) it goes out with the statements before it.
 */
export async function statusEmailContext(
  source: EntityManager | PipelinedTransaction,
  userId: string,
  applicationId: string,
): Promise<StatusEmailContext | null> {
  const [found] = await runPrepared<StatusEmailContext & Record<string, unknown>>(source, EMAIL_CONTEXT, [
    userId,
    applicationId,
  ]);
  return found ?? null;
}

/**
 * Whether the news of a move (`transitionId`) has been overtaken: the application has since moved into one of
 * `into` (each mails news of its own; a note, whose entry keeps the state, is no move), or it is cancelled. Read only for a status email held back (docs/product.md
 * §11), through the timeline's index on the application and time.
 */
export async function moveNewsOvertaken(
  manager: EntityManager,
  applicationId: string,
  transitionId: string,
  into: readonly ApplicationState[],
): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT a.state = 'CANCELLED' OR EXISTS (
              SELECT 1 FROM application_transitions moved, application_transitions later
               WHERE moved.id = $2 AND later.application_id = a.id AND later.created_at > moved.created_at
                 AND later.from_state IS DISTINCT FROM later.to_state AND later.to_state = ANY($3)) AS overtaken
       FROM applications a WHERE a.id = $1`,
    [applicationId, transitionId, into],
  )) as { overtaken: boolean }[];
  return row?.overtaken ?? false;
}

/**
 * The application's latest shipment as of `asOf` (the one whose supply ran low then: not a next one scheduled since
 * the move, docs/product.md §11), or null.
 */
export function latestShipment(
  manager: EntityManager,
  applicationId: string,
  asOf: Date,
): Promise<ApplicationShipment | null> {
  return manager
    .createQueryBuilder(ApplicationShipment, 's')
    .where('s.application_id = :applicationId AND s.created_at <= :asOf', { applicationId, asOf })
    .orderBy('s.created_at', 'DESC')
    .addOrderBy('s.id', 'DESC')
    .getOne();
}
