import { Trans, useLingui } from '@lingui/react';
import { RETENTION_YEARS } from '@rxbridge/contracts';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { LegalPage } from './legal-page';

export function PrivacyPage() {
  const { _ } = useLingui();
  const { supportEmail } = useRuntimeConfig();
  /** docs/product.md §13: retention periods and response times. */
  const retention = [
    { data: _('legal.privacy.retention.account'), years: RETENTION_YEARS.account },
    { data: _('legal.privacy.retention.health'), years: RETENTION_YEARS.health },
    { data: _('legal.privacy.retention.payments'), years: RETENTION_YEARS.payments },
    { data: _('legal.privacy.retention.communications'), years: RETENTION_YEARS.communications },
    { data: _('legal.privacy.retention.analytics'), years: RETENTION_YEARS.analytics },
  ];
  const mail = { 0: <a href={`mailto:${supportEmail}`} className="text-teal-700 underline" /> };
  const email = { email: supportEmail };
  return (
    <LegalPage title={_('legal.privacy.title')} updated="2025-01-01">
      <section>
        <h2>{_('legal.privacy.collect.title')}</h2>
        <p>{_('legal.privacy.collect.text')}</p>
      </section>
      <section>
        <h2>{_('legal.privacy.use.title')}</h2>
        <p>{_('legal.privacy.use.text')}</p>
      </section>
      <section>
        <h2>{_('legal.privacy.security.title')}</h2>
        <p>{_('legal.privacy.security.text')}</p>
      </section>
      <section>
        <h2>{_('legal.privacy.retention.title')}</h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
                  {_('legal.privacy.retention.data')}
                </th>
                <th scope="col" className="py-2 font-semibold text-slate-900">
                  {_('legal.privacy.retention.keptFor')}
                </th>
              </tr>
            </thead>
            <tbody>
              {retention.map((r) => (
                <tr key={r.data} className="border-b border-slate-100">
                  <td className="py-2 pr-4">{r.data}</td>
                  <td className="py-2">{_('legal.privacy.retention.years', { count: r.years })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section>
        <h2>{_('legal.privacy.rights.title')}</h2>
        <p>
          <Trans id="legal.privacy.rights.text" values={email} components={mail} />
        </p>
      </section>
      <section>
        <h2>{_('legal.privacy.children.title')}</h2>
        <p>{_('legal.privacy.children.text')}</p>
      </section>
      <section id="hipaa" aria-labelledby="hipaa-title" className="scroll-mt-24 rounded-xl bg-sky-50 p-5">
        <h2 id="hipaa-title">{_('legal.privacy.hipaa.title')}</h2>
        <p>{_('legal.privacy.hipaa.text')}</p>
        <ul>
          <li>{_('legal.privacy.hipaa.copy')}</li>
          <li>{_('legal.privacy.hipaa.limit')}</li>
          <li>{_('legal.privacy.hipaa.disclosures')}</li>
          <li>{_('legal.privacy.hipaa.breach')}</li>
        </ul>
        <p>
          <Trans id="legal.privacy.hipaa.contact" values={email} components={mail} />
        </p>
      </section>
    </LegalPage>
  );
}
