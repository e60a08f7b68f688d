import { i18n } from '@/lib/i18n';

/** Opens the visitor's email client with a prefilled message (the contact and demo forms make no API call). */
export function openMailClient(to: string, subject: string, body: string) {
  const href = `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  // A clicked link, not location.assign: the page stays where it is if no mail client is set up.
  const link = document.createElement('a');
  link.href = href;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

export const mailFailureMessage = (email: string) => i18n._('common.mailFailure', { email });
