import { makeLocalizer, type Language, type Twin } from '@rxbridge/contracts';

/**
 * What a charge is for, as stored on the payment and sent to Stripe (docs/product.md §4 Subscriptions): in
 * English, as staff and Stripe read it. The patient reads it in their language (§20): the payment history
 * and the receipt say it again in it.
 */
export const PAYMENT_DESCRIPTIONS = {
  month: (plan: string, amount: string, month: number, prescriptions: string) =>
    `${plan}: ${amount} for month ${month} (${prescriptions})`,
  enrollment: (plan: string, prescriptions: string) => `${plan} enrollment (${prescriptions})`,
} as const;

/** "2 prescriptions", as the descriptions count them. */
export const prescriptionsCounted = (count: number) => `${count} prescription${count === 1 ? '' : 's'}`;

/** "2 prescriptions" -> "2 recetas"; the plan names and amounts stay as they are in every language. */
const recetas = (counted: string) =>
  counted.replace(/^(\d+) prescriptions?$/, (_, n) => `${n} receta${n === '1' ? '' : 's'}`);

const PAYMENT_DESCRIPTIONS_ES: Twin<typeof PAYMENT_DESCRIPTIONS> = {
  month: (plan, amount, month, prescriptions) => `${plan}: ${amount} por el mes ${month} (${recetas(prescriptions)})`,
  enrollment: (plan, prescriptions) => `Inscripción de ${plan} (${recetas(prescriptions)})`,
};

const localizeDescription = makeLocalizer([[PAYMENT_DESCRIPTIONS, PAYMENT_DESCRIPTIONS_ES]], []);

/** A payment's description in the reader's language; one written otherwise (an older charge) as it is. */
export function paymentDescriptionIn(description: string, language: Language): string {
  return localizeDescription(description, language);
}

/**
 * Why a charge failed, when the words are ours (Stripe's generic decline is the same words): stored in English,
 * read in the patient's language. A reason of Stripe's own ("Your card has insufficient funds.") stays as it is.
 */
export const PAYMENT_FAILURES = {
  declined: 'Your card was declined.',
  notCompleted: 'The payment could not be completed.',
  /** A charge still pending when its subscription was cancelled, and never made (docs/product.md §4 Cancelling). */
  subscriptionCancelled: 'Not charged: the subscription was cancelled.',
} as const;

const PAYMENT_FAILURES_ES: Twin<typeof PAYMENT_FAILURES> = {
  declined: 'Su tarjeta fue rechazada.',
  notCompleted: 'No se pudo completar el pago.',
  subscriptionCancelled: 'No se cobró: la suscripción fue cancelada.',
};

const localizeFailure = makeLocalizer([[PAYMENT_FAILURES, PAYMENT_FAILURES_ES]], []);

/** A payment's failure in the reader's language (the payment history, the email), as PAYMENT_FAILURES says it. */
export function paymentFailureIn(message: string, language: Language): string {
  return localizeFailure(message, language);
}
