import { Link } from '@/lib/router';
import { Mail, Phone, ShieldCheck } from 'lucide-react';
import { telHref, useRuntimeConfig } from '@/lib/runtime-config';
import { LogoMark } from './logo';

const linkClass =
  'text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-teal-400 rounded';

export function SiteFooter() {
  const { supportEmail, supportPhone } = useRuntimeConfig();
  // sonner is not part of the first load (docs/architecture.md, web app).
  const soon = (page: string) => void import('sonner').then(({ toast }) => toast.info(`${page} page coming soon`));
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="text-xl font-bold text-white">RxBridge</span>
          </div>
          <p className="mt-3 text-base text-teal-200">care, coverage and costs made simple</p>
          <p className="mt-4 max-w-md text-sm text-slate-400">
            RxBridge is not a pharmacy and does not give medical advice. We help eligible patients apply to drug makers'
            Patient Assistance Programs.
          </p>
          <p className="mt-4 inline-flex items-center gap-2 text-xs text-slate-400">
            <ShieldCheck className="size-4 text-teal-300" aria-hidden /> HIPAA compliant · Data encrypted
          </p>
        </div>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Company</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/#about" className={linkClass}>
                About
              </Link>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => soon('Careers')}>
                Careers
              </button>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => soon('Press')}>
                Press
              </button>
            </li>
            <li>
              <Link to="/diy-guide" className={linkClass}>
                DIY Guide
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Legal & support</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/terms" className={linkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/privacy#hipaa" className={linkClass}>
                HIPAA Notice
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
        © {new Date().getFullYear()} RxBridge. Support hours Monday-Friday 9:00 AM - 4:30 PM EST.
      </div>
    </footer>
  );
}
