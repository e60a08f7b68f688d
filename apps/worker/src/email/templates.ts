import { layout, type Brand, type RenderedEmail } from './layout';

// Every email's template: the patient's in each language (docs/product.md, Languages), the
// prescriber's in English.
export * from './layout';
export * from './account-templates';
export * from './status-templates';
export * from './support-templates';

/**
 * The prescriber's signing link (docs/product.md §16). Neither the subject nor the body names the patient or the
 * medication: a mistyped address must leak nothing; the page behind the link shows the details.
 */
export function prescriberSignatureEmail(brand: Brand, link: string, reminder: boolean): RenderedEmail {
  return layout(
    brand,
    reminder
      ? 'Reminder: a patient assistance form awaits your signature'
      : 'A patient assistance form awaits your signature',
    'Hello,',
    [
      {
        kind: 'p',
        text: reminder
          ? 'A few days ago a care navigator at RxBridge asked you to review and sign the prescriber section of a patient’s assistance application. It is still waiting for your signature.'
          : 'A care navigator at RxBridge asks you to review and sign the prescriber section of a patient’s assistance application. It takes a minute: read the packet, enter your name and NPI, and sign.',
      },
      { kind: 'button', text: 'Review and sign', href: link },
      {
        kind: 'small',
        text: 'This link works once and expires 14 days after it was sent. If you do not know this patient, ignore this email.',
      },
    ],
  );
}
