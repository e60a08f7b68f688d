import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ApplicationState } from '@rxbridge/contracts';
import { addDays, toIsoDate } from '@rxbridge/domain';
import type { DomainEvent } from '@rxbridge/events';
import { latestShipment, moveNewsOvertaken, statusEmailContext, type StatusEmailContext } from '@rxbridge/applications';
import { SETTINGS, type Settings } from '@rxbridge/platform';
import { Mailer } from '../email/mailer';
import {
  applicationStatusEmail,
  brandOf,
  EMAILED_APPLICATION_STATES,
  type Brand,
  type EmailedApplicationState,
  type SentAs,
} from '../email/templates';
import { EffectLedger } from '../queue/effect-ledger';
import type { HandlerMap } from '../queue/handler-map';

const isEmailed = (state: string): state is EmailedApplicationState =>
  (EMAILED_APPLICATION_STATES as readonly string[]).includes(state);

/** A status email still unsent this long after its move was held back: SMTP down, a job retried by an admin. */
const HELD_BACK_MS = 60 * 60 * 1000;

/**
 * The moves whose email overtakes a held-back one: every emailed state but Renewal due, whose news (the enrollment
 * ends) says nothing of an approval, a shipment or a refill the patient has not heard of (docs/product.md §11).
 */
const OVERTAKING_STATES = EMAILED_APPLICATION_STATES.filter((s) => s !== 'RENEWAL_DUE');

/** A move to SUBMITTED from where it came: the first sending, the answer to the program's questions, or again. */
const sentAs = (from: ApplicationState): SentAs =>
  from === 'AWAITING_PRESCRIBER' ? 'FIRST' : from === 'INFO_REQUESTED' ? 'ANSWER' : 'AGAIN';

/** The patient's email for each status change they care about: at most one per transition. */
@Injectable()
export class ApplicationEmails {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EffectLedger) private readonly ledger: EffectLedger,
  ) {}

  readonly handlers: HandlerMap = {
    'application.transitioned': (e) => this.statusChanged(e),
  };

  private get brand(): Brand {
    return brandOf(this.settings);
  }

  private async statusChanged(e: DomainEvent<'application.transitioned'>): Promise<void> {
    const p = e.payload;
    const state = p.toState;
    if (!isEmailed(state)) return;
    // Held back (an outage) and overtaken since by a move that mails its own news, or cancelled: stale, not sent.
    const heldBack = Date.now() - Date.parse(e.createdAt) > HELD_BACK_MS;
    if (heldBack && (await moveNewsOvertaken(this.db.manager, p.applicationId, p.transitionId, OVERTAKING_STATES))) {
      return;
    }
    // The refill email speaks of the shipment whose supply runs low: the latest one when the case moved.
    const latest =
      state === 'REFILL_DUE' ? await latestShipment(this.db.manager, p.applicationId, new Date(p.at)) : null;
    // The patient and the medication shown are read in the email's claim's round trip: most moves
    // send this email (docs/architecture.md §15 Performance).
    await this.ledger.once<StatusEmailContext | null>(
      `email:${e.id}`,
      async (found) => {
        // The patient or the application is gone: nobody to tell.
        if (!found) return;
        const email = applicationStatusEmail[found.language](this.brand, found.firstName, {
          state,
          medication: found.medication,
          verified: found.verified,
          sentAs: state === 'SUBMITTED' ? sentAs(p.fromState) : undefined,
          enrollmentStartDate: p.enrollmentStartDate,
          enrollmentEndDate: p.enrollmentEndDate,
          shipmentDate: p.shipment?.shipmentDate,
          daysOfSupply: p.shipment?.daysOfSupply,
          refillDueAt: p.shipment?.refillDueAt,
          supplyEndsAt: latest ? toIsoDate(addDays(latest.shipmentDate, latest.daysOfSupply)) : null,
        });
        await this.mailer.send(found.email, email);
      },
      (tx) => statusEmailContext(tx, p.userId, p.applicationId),
    );
  }
}
