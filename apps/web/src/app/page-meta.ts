import { i18n, isLanguage, pageOfPath, publicPageLanguage, DEFAULT_LANGUAGE, type Language } from '@/lib/i18n';

/** Title and description of each public page, for search results and shared links (docs/product.md). */
export interface PageMeta {
  title: string;
  description: string;
}

const SITE = 'RxBridge';

/**
 * By page (its address without the language prefix) in each language; a page not listed (the
 * dashboard, the navigators' console) keeps the site's default ('/'). Loaded on its own, after the
 * first paint: a pre-rendered page already carries its own.
 */
const PAGE_META: Record<Language, Record<string, PageMeta>> = {
  en: {
    '/': {
      title: `${SITE}: brand-name medications at little or no cost`,
      description:
        "RxBridge helps eligible patients apply to drug makers' Patient Assistance Programs and get brand-name medications at little or no cost.",
    },
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
  },
  es: {
    '/': {
      title: `${SITE}: medicamentos de marca a bajo costo o sin costo`,
      description:
        'RxBridge ayuda a los pacientes que califican a solicitar los programas de asistencia al paciente de los fabricantes y a recibir sus medicamentos de marca a bajo costo o sin costo.',
    },
    '/diy-guide': {
      title: `Guía para hacerlo usted mismo: solicite un programa de asistencia al paciente | ${SITE}`,
      description:
        'Una guía gratuita paso a paso y una hoja de trabajo para solicitar por su cuenta el programa de asistencia al paciente de un fabricante.',
    },
    '/terms': {
      title: `Términos del servicio | ${SITE}`,
      description:
        'Los términos que rigen su uso de RxBridge y de sus servicios para programas de asistencia al paciente.',
    },
    '/privacy': {
      title: `Política de privacidad y aviso de HIPAA | ${SITE}`,
      description: 'Cómo RxBridge recopila, protege y usa su información, y sus derechos según HIPAA.',
    },
    '/verify-email': {
      title: `Verifique su correo electrónico | ${SITE}`,
      description: 'Confirme su correo electrónico para terminar de configurar su cuenta de RxBridge.',
    },
    '/reset-password': {
      title: `Restablezca su contraseña | ${SITE}`,
      description: 'Elija una contraseña nueva para su cuenta de RxBridge.',
    },
  },
};

/** The title and description of the page at `pathname` in `language` (a public page's: its address's). */
export function pageMeta(pathname: string, language?: Language): PageMeta {
  const lang = language ?? publicPageLanguage(pathname) ?? (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);
  const pages = PAGE_META[lang];
  return pages[pageOfPath(pathname)] ?? pages['/']!;
}

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
  const meta = pageMeta(pathname);
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('property', 'og:title', meta.title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:url', `${window.location.origin}${pathname}`);
  setMeta('name', 'twitter:title', meta.title);
  setMeta('name', 'twitter:description', meta.description);
}
