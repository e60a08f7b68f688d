import { GREETING, layout, type Brand, type Localized, type RenderedEmail } from './layout';

// A patient's message to support (docs/product.md §21). Neither email repeats what the patient wrote: it may be
// health data, and it stays in the patient's record, read there by a navigator (an audited read).

/** To the support inbox: a message arrived; only a link to the patient's record. */
export function supportInboxEmail(brand: Brand, patientId: string): RenderedEmail {
  return layout(brand, 'A patient wrote to support', 'Hello,', [
    {
      kind: 'p',
      text: 'A patient sent a message from their dashboard. Read it in their record and reply there; for a reply given by phone or email, mark it answered there.',
    },
    { kind: 'button', text: "Open the patient's record", href: `${brand.appUrl}/navigator/patients/${patientId}` },
  ]);
}

/** To the patient: their message arrived, and when to expect an answer. */
export const supportReceiptEmail: Localized<[brand: Brand, firstName: string]> = {
  en: (brand, firstName) =>
    layout(brand, 'We received your message', GREETING.en(firstName), [
      {
        kind: 'p',
        text: 'Thank you for writing to us. A care navigator will reply within 24 hours. You can follow your message on your dashboard, under Need Help.',
      },
      { kind: 'small', text: 'For your privacy, this email does not repeat your message.' },
    ]),
  es: (brand, firstName) =>
    layout(
      brand,
      'Recibimos su mensaje',
      GREETING.es(firstName),
      [
        {
          kind: 'p',
          text: 'Gracias por escribirnos. Su navegador(a) de atención le responderá en un plazo de 24 horas. Puede seguir su mensaje en Mi panel, en ¿Necesita ayuda?',
        },
        { kind: 'small', text: 'Para proteger su privacidad, este correo no repite su mensaje.' },
      ],
      'es',
    ),
};

/**
 * To the patient, at their verified address: a navigator answered their message in the console, and what they wrote.
 * The subject says only that an answer came; the answer is the care team's, as a navigator's email would be.
 */
export const supportReplyEmail: Localized<[brand: Brand, firstName: string, reply: string]> = {
  en: (brand, firstName, reply) =>
    layout(brand, 'Your care team answered your message', GREETING.en(firstName), [
      { kind: 'p', text: 'A care navigator answered the message you sent us:' },
      { kind: 'quote', text: reply },
      { kind: 'button', text: 'See your messages', href: `${brand.appUrl}/dashboard` },
    ]),
  es: (brand, firstName, reply) =>
    layout(
      brand,
      'Su equipo de atención respondió su mensaje',
      GREETING.es(firstName),
      [
        { kind: 'p', text: 'Su navegador de atención respondió el mensaje que nos envió:' },
        { kind: 'quote', text: reply },
        { kind: 'button', text: 'Ver sus mensajes', href: `${brand.appUrl}/dashboard` },
      ],
      'es',
    ),
};
