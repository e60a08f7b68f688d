import { longDay, RENEWAL_OPEN_DAYS } from '@rxbridge/domain';
import { layout, type Block, type Brand, type RenderedEmail } from './templates';

/** The subject of both enrollment reminders: it names neither the medication nor a state (docs/product.md §11). */
export const ENROLLMENT_REMINDER_SUBJECT = 'A reminder about your RxBridge enrollment';

export interface EnrollmentReminderInfo {
  medication: string;
  endsOn: string;
  daysBefore: number;
  /** Only a verified address gets the details; others are asked to sign in. */
  verified: boolean;
}

/**
 * The patient's reminder 60 and 30 days before an enrollment ends (docs/product.md §18): when it
 * ends and what happens about the renewal, which opens 45 days before.
 */
export function enrollmentReminderEmail(brand: Brand, firstName: string, info: EnrollmentReminderInfo): RenderedEmail {
  const button: Block = { kind: 'button', text: 'See your applications', href: `${brand.appUrl}/dashboard` };
  const opening: Block = { kind: 'p', text: 'This is a reminder about one of your applications with RxBridge.' };
  const renewal =
    info.daysBefore > RENEWAL_OPEN_DAYS
      ? `We will open your renewal application ${RENEWAL_OPEN_DAYS} days before that date, with what can be carried over already filled in.`
      : 'Your renewal application is open on your dashboard: please check it and upload a recent proof of income, so your medication continues without a gap.';
  const details: Block[] = info.verified
    ? [
        {
          kind: 'p',
          text: `Your enrollment in the ${info.medication} assistance program ends on ${longDay(info.endsOn)}, in ${info.daysBefore} days.`,
        },
        { kind: 'p', text: renewal },
        button,
      ]
    : [{ kind: 'p', text: 'Please sign in to see what is coming up and what to do.' }, button];
  return layout(brand, ENROLLMENT_REMINDER_SUBJECT, `Hi ${firstName},`, [opening, ...details]);
}
