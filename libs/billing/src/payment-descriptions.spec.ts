import {
  PAYMENT_DESCRIPTIONS,
  PAYMENT_FAILURES,
  paymentDescriptionIn,
  paymentFailureIn,
  prescriptionsCounted,
} from './payment-descriptions';

// A payment's description in the patient's language (docs/product.md §20 Languages).
describe('paymentDescriptionIn', () => {
  it('says a monthly charge and an enrollment charge in Spanish, plan names and amounts as they are', () => {
    const month = PAYMENT_DESCRIPTIONS.month('Ongoing Care', '$79.00', 3, prescriptionsCounted(3));
    const once = PAYMENT_DESCRIPTIONS.enrollment('Enrollment Only', prescriptionsCounted(1));
    expect([month, once]).toEqual([
      'Ongoing Care: $79.00 for month 3 (3 prescriptions)',
      'Enrollment Only enrollment (1 prescription)',
    ]);
    expect(paymentDescriptionIn(month, 'es')).toBe('Ongoing Care: $79.00 por el mes 3 (3 recetas)');
    expect(paymentDescriptionIn(once, 'es')).toBe('Inscripción de Enrollment Only (1 receta)');
  });

  it('leaves English, and a description it does not know, as they are', () => {
    const month = PAYMENT_DESCRIPTIONS.month('Ongoing Care', '$49.00', 1, prescriptionsCounted(2));
    expect(paymentDescriptionIn(month, 'en')).toBe(month);
    expect(paymentDescriptionIn('Ongoing Care, first month', 'es')).toBe('Ongoing Care, first month');
  });
});

// Why a charge failed, in the patient's language when the words are ours (docs/product.md §20 Languages).
describe('paymentFailureIn', () => {
  it('says the decline and an unfinished payment in Spanish, and leaves English as it is', () => {
    expect(paymentFailureIn(PAYMENT_FAILURES.declined, 'es')).toBe('Su tarjeta fue rechazada.');
    expect(paymentFailureIn(PAYMENT_FAILURES.notCompleted, 'es')).toBe('No se pudo completar el pago.');
    expect(paymentFailureIn(PAYMENT_FAILURES.declined, 'en')).toBe('Your card was declined.');
  });

  it('leaves a reason of Stripe’s own as Stripe wrote it', () => {
    expect(paymentFailureIn('Your card has insufficient funds.', 'es')).toBe('Your card has insufficient funds.');
  });
});
