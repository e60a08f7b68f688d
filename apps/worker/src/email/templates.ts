/** Emails as HTML with a plain-text twin; content is escaped, layout is shared. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (the fax's packet, docs/product.md §17). */
  attachments?: { filename: string; content: Buffer }[];
}

export interface Brand {
  appUrl: string;
  supportEmail: string;
  supportPhone: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface Block {
  kind: 'p' | 'button' | 'code' | 'small';
  text: string;
  href?: string;
}

export function layout(brand: Brand, subject: string, greeting: string, blocks: Block[]): RenderedEmail {
  const body = blocks
    .map((b) => {
      switch (b.kind) {
        case 'button':
          return `<p style="margin:24px 0"><a href="${escape(b.href!)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(b.text)}</a></p>`;
        case 'code':
          return `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:24px 0;color:#0f172a">${escape(b.text)}</p>`;
        case 'small':
          return `<p style="color:#64748b;font-size:13px">${escape(b.text)}</p>`;
        default:
          return `<p>${escape(b.text)}</p>`;
      }
    })
    .join('\n');
  const footer = `Questions? Reply to ${brand.supportEmail} or call ${brand.supportPhone} (Monday-Friday 9:00 AM - 4:30 PM EST).`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;background:#f1f5f9;padding:24px;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#0f766e;margin-top:0">RxBridge</p>
<p>${escape(greeting)}</p>
${body}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="color:#64748b;font-size:12px">${escape(footer)}<br>RxBridge is not a pharmacy and does not give medical advice.</p>
</div></body></html>`;
  const text = [
    greeting,
    '',
    ...blocks.map((b) => (b.kind === 'button' ? `${b.text}: ${b.href}` : b.text)),
    '',
    '--',
    footer,
  ].join('\n');
  return { subject, text, html };
}

export function verificationEmail(brand: Brand, firstName: string, link: string, resend: boolean): RenderedEmail {
  return layout(brand, 'Verify your email address', `Hi ${firstName},`, [
    {
      kind: 'p',
      text: resend
        ? 'Here is a new link to verify your email address.'
        : 'Welcome to RxBridge. Please confirm your email address so we can keep you updated on your applications.',
    },
    { kind: 'button', text: 'Verify my email', href: link },
    {
      kind: 'small',
      text: 'This link expires in 48 hours and works once. If you did not create an account, ignore this email.',
    },
  ]);
}

/** The code only in the body: a subject shows on lock screens and in notifications (docs/product.md §7.5). */
export function resetCodeEmail(brand: Brand, firstName: string, code: string): RenderedEmail {
  return layout(brand, 'Your password reset code', `Hi ${firstName},`, [
    { kind: 'p', text: 'Use this code to reset your RxBridge password:' },
    { kind: 'code', text: code },
    {
      kind: 'small',
      text: 'The code expires in 15 minutes. If you did not ask to reset your password, you can ignore this email.',
    },
  ]);
}

export function resetLinkEmail(brand: Brand, firstName: string, link: string): RenderedEmail {
  return layout(brand, 'Reset your password', `Hi ${firstName},`, [
    { kind: 'p', text: 'We received a request to reset your RxBridge password.' },
    { kind: 'button', text: 'Choose a new password', href: link },
    {
      kind: 'small',
      text: 'The link expires in 15 minutes and works once. If you did not ask for it, ignore this email.',
    },
  ]);
}

export function passwordChangedEmail(brand: Brand, firstName: string): RenderedEmail {
  return layout(brand, 'Your password was changed', `Hi ${firstName},`, [
    { kind: 'p', text: 'The password of your RxBridge account was just changed, and other devices were signed out.' },
    { kind: 'p', text: `If this was not you, contact us right away at ${brand.supportEmail}.` },
  ]);
}

// ---- Application status emails (one per change a patient cares about) ----

/** The application states that email the patient; the others change nothing they must know. */
export const EMAILED_APPLICATION_STATES = [
  'SUBMITTED',
  'INFO_REQUESTED',
  'APPROVED',
  'DENIED',
  'SHIPMENT_SCHEDULED',
  'REFILL_DUE',
  'RENEWAL_DUE',
] as const;
export type EmailedApplicationState = (typeof EMAILED_APPLICATION_STATES)[number];

export interface ApplicationEmailInfo {
  state: EmailedApplicationState;
  medication: string;
  /** Whether the patient verified their email address: only then does the email carry the details. */
  verified: boolean;
  /** Re-submission after a denial or a renewal reads differently from a first submission. */
  resubmitted?: boolean;
  enrollmentStartDate?: string | null;
  enrollmentEndDate?: string | null;
  shipmentDate?: string | null;
  daysOfSupply?: number | null;
  refillDueAt?: string | null;
  supplyEndsAt?: string | null;
}

/** "2025-03-05" -> "March 5, 2025", read as a calendar day (never shifted by a time zone). */
const longDate = (isoDate: string | null | undefined) =>
  isoDate
    ? new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' })
    : 'soon';

/** The one subject of every application status email. */
export const APPLICATION_UPDATE_SUBJECT = 'An update on your RxBridge application';

/**
 * Status emails say what happened and what comes next, without the navigator's notes: those stay
 * behind the login, with the rest of the timeline.
 */
export function applicationStatusEmail(brand: Brand, firstName: string, info: ApplicationEmailInfo): RenderedEmail {
  const med = info.medication;
  const button: Block = { kind: 'button', text: 'See your application', href: `${brand.appUrl}/dashboard` };
  const content: Record<EmailedApplicationState, { blocks: Block[] }> = {
    SUBMITTED: {
      blocks: [
        {
          kind: 'p',
          text: info.resubmitted
            ? `We have sent your application for ${med} to the drug maker's assistance program again.`
            : `Good news: we have submitted your application for ${med} to the drug maker's assistance program.`,
        },
        { kind: 'p', text: 'Programs usually decide within a few days. We will email you as soon as we hear back.' },
        button,
      ],
    },
    INFO_REQUESTED: {
      blocks: [
        { kind: 'p', text: `The assistance program reviewing your ${med} application has asked for more information.` },
        {
          kind: 'p',
          text: 'Your care navigator is already working on it. Please sign in to see what is needed and upload any document still missing, so the review can continue.',
        },
        button,
      ],
    },
    APPROVED: {
      blocks: [
        { kind: 'p', text: `Great news: the program approved your application for ${med}.` },
        {
          kind: 'p',
          text: `Your enrollment runs from ${longDate(info.enrollmentStartDate)} to ${longDate(info.enrollmentEndDate)}. We are now scheduling your first shipment and will let you know its date.`,
        },
        button,
      ],
    },
    DENIED: {
      blocks: [
        { kind: 'p', text: `The program has declined your application for ${med} this time.` },
        {
          kind: 'p',
          text: 'A first answer is often not the last one. Your care navigator is reviewing the decision and whether to resubmit, and will be in touch with the next steps.',
        },
        button,
      ],
    },
    SHIPMENT_SCHEDULED: {
      blocks: [
        {
          kind: 'p',
          text: `Your shipment of ${med} is scheduled for ${longDate(info.shipmentDate)}, with a ${info.daysOfSupply}-day supply.`,
        },
        {
          kind: 'p',
          text: `We will start arranging your next refill around ${longDate(info.refillDueAt)}, three weeks before this supply runs out.`,
        },
        button,
      ],
    },
    REFILL_DUE: {
      blocks: [
        { kind: 'p', text: `Your current supply of ${med} runs out around ${longDate(info.supplyEndsAt)}.` },
        {
          kind: 'p',
          text: 'We are arranging your next shipment now, so you do not run out. There is nothing you need to do unless your care navigator asks.',
        },
        button,
      ],
    },
    RENEWAL_DUE: {
      blocks: [
        {
          kind: 'p',
          text: `Your enrollment in the ${med} assistance program ends on ${longDate(info.enrollmentEndDate)}.`,
        },
        {
          kind: 'p',
          text: 'We are preparing your re-enrollment so your medication continues without a gap. Please check that your documents are up to date, for example a recent proof of income.',
        },
        button,
      ],
    },
  };
  const { blocks } = content[info.state];
  // Subject and preview (the first line) name neither the medication nor the state: a mailbox's list
  // of subjects, a lock screen or a shared inbox must not reveal health details. The details go only
  // to an address the patient proved is theirs; others sign in to see them (docs/product.md §11).
  const opening: Block = { kind: 'p', text: 'There is an update on one of your applications with RxBridge.' };
  const details = info.verified
    ? blocks
    : [{ kind: 'p' as const, text: 'Please sign in to see what changed and what comes next.' }, button];
  return layout(brand, APPLICATION_UPDATE_SUBJECT, `Hi ${firstName},`, [opening, ...details]);
}

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
