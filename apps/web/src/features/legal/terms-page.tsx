import { Trans, useLingui } from '@lingui/react';
import { Link } from '@/lib/router';
import { additionalFee, planCard } from '@/lib/plans';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { localizedPath, useLanguage } from '@/lib/i18n';
import { LegalPage } from './legal-page';

const LINK = 'text-teal-700 underline';

export function TermsPage() {
  const { _ } = useLingui();
  const { supportEmail } = useRuntimeConfig();
  // Links between public pages keep the reader's language (/es/privacy from /es/terms).
  const { language } = useLanguage();
  const to = (path: string) => localizedPath(path, language);
  // Prices from libs/domain, as everywhere else (docs/product.md §3).
  const extra = additionalFee();
  const plan = (tier: Parameters<typeof planCard>[0]) => ({ name: planCard(tier).name, price: planCard(tier).price });
  const strong = { 0: <strong /> };
  return (
    <LegalPage title={_('legal.terms.title')} updated="2025-01-01">
      <section>
        <h2>{_('legal.terms.service.title')}</h2>
        <p>{_('legal.terms.service.text')}</p>
      </section>
      <section>
        <h2>{_('legal.terms.eligibility.title')}</h2>
        <p>{_('legal.terms.eligibility.text')}</p>
      </section>
      <section>
        <h2>{_('legal.terms.plans.title')}</h2>
        <ul>
          <li>
            <Trans id="legal.terms.plans.ongoingCare" values={{ ...plan('ONGOING_CARE'), extra }} components={strong} />
          </li>
          <li>
            <Trans
              id="legal.terms.plans.enrollmentOnly"
              values={{ ...plan('ENROLLMENT_ONLY'), extra }}
              components={strong}
            />
          </li>
          <li>
            <Trans id="legal.terms.plans.diy" values={plan('DIY_INSTRUCTIONS')} components={strong} />
          </li>
        </ul>
        <p>{_('legal.terms.plans.text')}</p>
      </section>
      <section>
        <h2>{_('legal.terms.cancellation.title')}</h2>
        <p>{_('legal.terms.cancellation.text')}</p>
      </section>
      <section>
        <h2>{_('legal.terms.guarantee.title')}</h2>
        <p>{_('legal.terms.guarantee.text')}</p>
      </section>
      <section>
        <h2>{_('legal.terms.privacy.title')}</h2>
        <p>
          <Trans
            id="legal.terms.privacy.text"
            components={{
              0: <Link to={to('/privacy')} className={LINK} />,
              1: <Link to={to('/privacy#hipaa')} className={LINK} />,
            }}
          />
        </p>
      </section>
      <section>
        <h2>{_('legal.terms.contact.title')}</h2>
        <p>
          <Trans
            id="legal.terms.contact.text"
            values={{ email: supportEmail }}
            components={{ 0: <a href={`mailto:${supportEmail}`} className={LINK} /> }}
          />
        </p>
      </section>
    </LegalPage>
  );
}
