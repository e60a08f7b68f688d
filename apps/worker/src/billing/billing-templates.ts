import type { Settings } from '@rxbridge/platform';
import { layout, type Brand, type RenderedEmail } from '../email/templates';

const brand = (s: Settings): Brand => ({
  appUrl: s.APP_URL,
  supportEmail: s.SUPPORT_EMAIL,
  supportPhone: s.SUPPORT_PHONE,
});
const day = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function receiptEmail(
  s: Settings,
  firstName: string,
  amount: string,
  description: string,
  paidAt: Date,
): RenderedEmail {
  return layout(brand(s), `Receipt: ${amount} paid to RxBridge`, `Hi ${firstName},`, [
    { kind: 'p', text: `Thank you. We charged ${amount} to your saved card on ${day(paidAt)}.` },
    { kind: 'p', text: description },
    { kind: 'button', text: 'See payment history', href: `${s.APP_URL}/dashboard?billing=history` },
  ]);
}

export function paymentFailedEmail(s: Settings, firstName: string, amount: string, reason: string): RenderedEmail {
  return layout(brand(s), 'Your payment did not go through', `Hi ${firstName},`, [
    { kind: 'p', text: `We tried to charge ${amount} to your saved card, but it was declined: ${reason}` },
    {
      kind: 'p',
      text: 'Your application keeps moving. Please add a card that works and we will try again right away.',
    },
    { kind: 'button', text: 'Update my card', href: `${s.APP_URL}/dashboard?billing=update-card` },
  ]);
}

export function renewalReminderEmail(s: Settings, firstName: string, amount: string, on: Date): RenderedEmail {
  return layout(brand(s), `Your RxBridge subscription renews on ${day(on)}`, `Hi ${firstName},`, [
    {
      kind: 'p',
      text: `A reminder: your Ongoing Care subscription renews on ${day(on)}, and we will charge ${amount} to your saved card.`,
    },
    { kind: 'p', text: 'To change your card or cancel, open Billing in your dashboard.' },
    { kind: 'button', text: 'Open billing', href: `${s.APP_URL}/dashboard?billing=subscription` },
  ]);
}

/** To navigators and admins: a first charge still unpaid after a day. No health data, only a link. */
export function unpaidFirstChargeEmail(s: Settings, patientId: string, since: Date): RenderedEmail {
  return layout(brand(s), 'A first charge is still unpaid', 'Hello,', [
    {
      kind: 'p',
      text: `A patient's first shipment is scheduled, but their first charge has not gone through since ${day(since)}. RxBridge keeps retrying it; please check the patient's record.`,
    },
    { kind: 'button', text: "Open the patient's record", href: `${s.APP_URL}/navigator/patients/${patientId}` },
  ]);
}
