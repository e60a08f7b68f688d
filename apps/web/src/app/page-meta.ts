/** Title and description of each public page, for search results and shared links (docs/product.md). */
export interface PageMeta {
  title: string;
  description: string;
}

const SITE = 'RxBridge';
const DEFAULT: PageMeta = {
  title: `${SITE}: brand-name medications at little or no cost`,
  description:
    "RxBridge helps eligible patients apply to drug makers' Patient Assistance Programs and get brand-name medications at little or no cost.",
};

/** By path; a page not listed (the dashboard, the navigators' console) keeps the site's default. */
export const PAGE_META: Record<string, PageMeta> = {
  '/': DEFAULT,
  '/diy-guide': {
    title: `DIY Guide: apply to a Patient Assistance Program yourself | ${SITE}`,
    description:
      'A free step-by-step guide and worksheet for applying to a drug maker’s Patient Assistance Program on your own.',
  },
  '/terms': {
    title: `Terms of Service | ${SITE}`,
    description: 'The terms that govern your use of RxBridge and its Patient Assistance Program services.',
  },
  '/privacy': {
    title: `Privacy Policy and HIPAA Notice | ${SITE}`,
    description: 'How RxBridge collects, protects and uses your information, and your rights under HIPAA.',
  },
  '/verify-email': {
    title: `Verify your email | ${SITE}`,
    description: 'Confirm your email address to finish setting up your RxBridge account.',
  },
  '/reset-password': {
    title: `Reset your password | ${SITE}`,
    description: 'Choose a new password for your RxBridge account.',
  },
};

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attribute, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Writes the page's title, description and social tags into <head>. */
export function applyPageMeta(pathname: string) {
  const meta = PAGE_META[pathname] ?? DEFAULT;
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('property', 'og:title', meta.title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:url', `${window.location.origin}${pathname}`);
  setMeta('name', 'twitter:title', meta.title);
  setMeta('name', 'twitter:description', meta.description);
}
