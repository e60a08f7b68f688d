import { Link } from '@/lib/router';
import { Mail, Phone, ShieldCheck } from 'lucide-react';
import { telHref, useRuntimeConfig } from '@/lib/runtime-config';
import { useLingui } from '@lingui/react';
import { useLanguage, localizedPath } from '@/lib/i18n';
import { LogoMark } from './logo';
import { LanguageSwitch } from './language-switch';

const linkClass =
  'text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-teal-400 rounded';

export function SiteFooter() {
  const { supportEmail, supportPhone } = useRuntimeConfig();
  const { _ } = useLingui();
  const { language } = useLanguage();
  // Links between public pages keep the reader's language (docs/architecture.md, Languages).
  const to = (path: string) => localizedPath(path, language);
  // sonner is not part of the first load (docs/architecture.md, web app).
  const soon = (page: string) =>
    void import('sonner').then(({ toast }) => toast.info(_('common.footer.comingSoon', { page })));
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="text-xl font-bold text-white">RxBridge</span>
          </div>
          <p className="mt-3 text-base text-teal-200">{_('common.footer.tagline')}</p>
          <p className="mt-4 max-w-md text-sm text-slate-400">{_('common.footer.disclaimer')}</p>
          <p className="mt-4 inline-flex items-center gap-2 text-xs text-slate-400">
            <ShieldCheck className="size-4 text-teal-300" aria-hidden /> {_('common.footer.trust')}
          </p>
        </div>
        <nav aria-label={_('common.footer.company')}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{_('common.footer.company')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={to('/#about')} className={linkClass}>
                {_('common.footer.about')}
              </Link>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => soon(_('common.footer.careers'))}>
                {_('common.footer.careers')}
              </button>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => soon(_('common.footer.press'))}>
                {_('common.footer.press')}
              </button>
            </li>
            <li>
              <Link to={to('/diy-guide')} className={linkClass}>
                {_('common.footer.diyGuide')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{_('common.footer.legal')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={to('/terms')} className={linkClass}>
                {_('common.footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={to('/privacy')} className={linkClass}>
                {_('common.footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={to('/privacy#hipaa')} className={linkClass}>
                {_('common.footer.hipaa')}
              </Link>
            </li>
            {supportPhone && (
              <li>
                <a href={telHref(supportPhone)} className={`${linkClass} inline-flex items-center gap-2`}>
                  <Phone className="size-4" aria-hidden /> {supportPhone}
                </a>
              </li>
            )}
            <li>
              <a href={`mailto:${supportEmail}`} className={`${linkClass} inline-flex items-center gap-2 break-all`}>
                <Mail className="size-4 shrink-0" aria-hidden /> {supportEmail}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800 py-5 text-center text-xs text-slate-400">
        <p>{_('common.footer.copyright', { year: String(new Date().getFullYear()) })}</p>
        <LanguageSwitch className={`${linkClass} mt-3 inline-block`} />
      </div>
    </footer>
  );
}
