/**
 * How a page the API serves carries the runtime settings from its first byte (docs/architecture.md
 * §1, What loads first): the web build writes the placeholders, the API fills them in.
 */

/** The id of the page's `<script type="application/json">` data block holding GET /config's answer. */
export const PAGE_SETTINGS_ID = 'runtime-config';

/**
 * What a pre-rendered page shows for the support contacts until the API serves it: replaced there by
 * the settings' own. Digits only in the phone, so the tel: link the page derives from it holds it whole.
 */
export const PAGE_PLACEHOLDERS = {
  supportEmail: 'support-email@placeholder.invalid',
  supportPhone: '+10000000000000',
} as const;

/** "+1 (800) 555-0100" -> "tel:+18005550100". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
