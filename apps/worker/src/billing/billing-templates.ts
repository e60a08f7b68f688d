import type { Language } from '@rxbridge/contracts';
import { longDay } from '@rxbridge/domain';
import type { Settings } from '@rxbridge/platform';
import { brandOf, GREETING, layout, type Localized, type RenderedEmail } from '../email/layout';

// The billing emails (docs/product.md §9): the patient's in each language (docs/product.md, Languages;
// terms from docs/spanish-glossary.md), the navigators' in English. Amounts come formatted in the
// reader's language (formatCents); dates are formatted here.

export const receiptEmail: Localized<
  [s: Settings, firstName: string, amount: string, description: string, paidAt: Date]
> = {
  en: (s, firstName, amount, description, paidAt) =>
    layout(brandOf(s), `Receipt: ${amount} paid to RxBridge`, GREETING.en(firstName), [
      { kind: 'p', text: `Thank you. We charged ${amount} to your saved card on ${longDay(paidAt)}.` },
      { kind: 'p', text: description },
      { kind: 'button', text: 'See payment history', href: `${s.APP_URL}/dashboard?billing=history` },
    ]),
  es: (s, firstName, amount, description, paidAt) =>
    layout(
      brandOf(s),
      `Recibo: pagó ${amount} a RxBridge`,
      GREETING.es(firstName),
      [
        { kind: 'p', text: `Gracias. Cobramos ${amount} a su tarjeta guardada el ${longDay(paidAt, 'es')}.` },
        { kind: 'p', text: description },
        { kind: 'button', text: 'Ver el historial de pagos', href: `${s.APP_URL}/dashboard?billing=history` },
      ],
      'es',
    ),
};

export const paymentFailedEmail: Localized<[s: Settings, firstName: string, amount: string, reason: string]> = {
  en: (s, firstName, amount, reason) =>
    layout(brandOf(s), 'Your payment did not go through', GREETING.en(firstName), [
      { kind: 'p', text: `We tried to charge ${amount} to your saved card, but it was declined: ${reason}` },
      {
        kind: 'p',
        text: 'Your application keeps moving. Please add a card that works and we will try again right away.',
      },
      { kind: 'button', text: 'Update my card', href: `${s.APP_URL}/dashboard?billing=update-card` },
    ]),
  es: (s, firstName, amount, reason) =>
    layout(
      brandOf(s),
      'Su pago no se pudo procesar',
      GREETING.es(firstName),
      [
        { kind: 'p', text: `Intentamos cobrar ${amount} a su tarjeta guardada, pero fue rechazada: ${reason}` },
        {
          kind: 'p',
          text: 'Su solicitud sigue avanzando. Agregue una tarjeta que funcione y volveremos a intentarlo de inmediato.',
        },
        { kind: 'button', text: 'Actualizar mi tarjeta', href: `${s.APP_URL}/dashboard?billing=update-card` },
      ],
      'es',
    ),
};

/** The card's decline when Stripe gives no reason of its own, in the reader's language. */
export const DECLINED_FALLBACK: Readonly<Record<Language, string>> = {
  en: 'the card was declined.',
  es: 'la tarjeta fue rechazada.',
};

export const renewalReminderEmail: Localized<[s: Settings, firstName: string, amount: string, on: Date]> = {
  en: (s, firstName, amount, on) =>
    layout(brandOf(s), `Your RxBridge subscription renews on ${longDay(on)}`, GREETING.en(firstName), [
      {
        kind: 'p',
        text: `A reminder: your Ongoing Care subscription renews on ${longDay(on)}, and we will charge ${amount} to your saved card.`,
      },
      { kind: 'p', text: 'To change your card or cancel, open Billing in your dashboard.' },
      { kind: 'button', text: 'Open billing', href: `${s.APP_URL}/dashboard?billing=subscription` },
    ]),
  es: (s, firstName, amount, on) =>
    layout(
      brandOf(s),
      `Su suscripción de RxBridge se renueva el ${longDay(on, 'es')}`,
      GREETING.es(firstName),
      [
        {
          kind: 'p',
          text: `Un recordatorio: su suscripción Ongoing Care se renueva el ${longDay(on, 'es')} y cobraremos ${amount} a su tarjeta guardada.`,
        },
        { kind: 'p', text: 'Para cambiar su tarjeta o cancelar, abra Facturación en Mi panel.' },
        { kind: 'button', text: 'Abrir Facturación', href: `${s.APP_URL}/dashboard?billing=subscription` },
      ],
      'es',
    ),
};

/** To navigators and admins: a first charge still unpaid after a day. No health data, only a link. */
export function unpaidFirstChargeEmail(s: Settings, patientId: string, since: Date): RenderedEmail {
  return layout(brandOf(s), 'A first charge is still unpaid', 'Hello,', [
    {
      kind: 'p',
      text: `A patient's first shipment is scheduled, but their first charge has not gone through since ${longDay(since)}. RxBridge keeps retrying it; please check the patient's record.`,
    },
    { kind: 'button', text: "Open the patient's record", href: `${s.APP_URL}/navigator/patients/${patientId}` },
  ]);
}
