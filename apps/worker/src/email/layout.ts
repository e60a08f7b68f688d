import type { Language } from '@rxbridge/contracts';
import type { Settings } from '@rxbridge/platform';

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

/** The links and contact details every email carries, from the settings. */
export const brandOf = (s: Settings): Brand => ({
  appUrl: s.APP_URL,
  supportEmail: s.SUPPORT_EMAIL,
  supportPhone: s.SUPPORT_PHONE,
});

/**
 * One email in every language a patient may choose (docs/product.md, Languages): the recipient's
 * preferredLanguage picks the version, and an email without its Spanish version does not compile.
 */
export type Localized<Args extends unknown[]> = Readonly<Record<Language, (...args: Args) => RenderedEmail>>;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface Block {
  /** `quote`: a navigator's words as they wrote them, their line breaks kept. */
  kind: 'p' | 'button' | 'code' | 'small' | 'quote';
  text: string;
  href?: string;
}

/** The frame around every email's content, in each language (terms from docs/spanish-glossary.md). */
const FRAME: Readonly<Record<Language, { html: string; footer: (brand: Brand) => string; disclaimer: string }>> = {
  en: {
    html: '<html>',
    footer: (b) =>
      `Questions? Reply to ${b.supportEmail} or call ${b.supportPhone} (Monday-Friday 9:00 AM - 4:30 PM EST).`,
    disclaimer: 'RxBridge is not a pharmacy and does not give medical advice.',
  },
  es: {
    html: '<html lang="es">',
    footer: (b) =>
      `¿Preguntas? Responda a ${b.supportEmail} o llame al ${b.supportPhone} (de lunes a viernes, de 9:00 a. m. a 4:30 p. m., hora del Este).`,
    disclaimer: 'RxBridge no es una farmacia y no da consejos médicos.',
  },
};

/** "Hi Ana," / "Hola, Ana:": the greeting of an email to a patient. */
export const GREETING: Readonly<Record<Language, (firstName: string) => string>> = {
  en: (firstName) => `Hi ${firstName},`,
  es: (firstName) => `Hola, ${firstName}:`,
};

export function layout(
  brand: Brand,
  subject: string,
  greeting: string,
  blocks: Block[],
  language: Language = 'en',
): RenderedEmail {
  const frame = FRAME[language];
  const body = blocks
    .map((b) => {
      switch (b.kind) {
        case 'button':
          return `<p style="margin:24px 0"><a href="${escape(b.href!)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(b.text)}</a></p>`;
        case 'code':
          return `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:24px 0;color:#0f172a">${escape(b.text)}</p>`;
        case 'quote':
          // <br>, not CSS, keeps the line breaks: some mail clients ignore white-space.
          return `<p style="border-left:3px solid #0f766e;padding-left:12px;margin:16px 0">${escape(b.text).replace(/\n/g, '<br>')}</p>`;
        case 'small':
          return `<p style="color:#64748b;font-size:13px">${escape(b.text)}</p>`;
        default:
          return `<p>${escape(b.text)}</p>`;
      }
    })
    .join('\n');
  const footer = frame.footer(brand);
  const html = `<!doctype html>${frame.html}<body style="font-family:Arial,Helvetica,sans-serif;background:#f1f5f9;padding:24px;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#0f766e;margin-top:0">RxBridge</p>
<p>${escape(greeting)}</p>
${body}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="color:#64748b;font-size:12px">${escape(footer)}<br>${frame.disclaimer}</p>
</div></body></html>`;
  const text = [
    greeting,
    '',
    ...blocks.map((b) => (b.kind === 'button' ? `${b.text}: ${b.href}` : b.text)),
    '',
    '--',
    footer,
    frame.disclaimer,
  ].join('\n');
  return { subject, text, html };
}
