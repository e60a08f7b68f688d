import { useRuntimeConfig } from '@/lib/runtime-config';
import { LegalPage } from './legal-page';

/** docs/product.md: retention periods and response times. */
const RETENTION = [
  { data: 'Account information', period: '7 years' },
  { data: 'Health information (medications, doctors, insurance, documents)', period: '7 years' },
  { data: 'Payment records', period: '7 years' },
  { data: 'Communications with our team', period: '3 years' },
  { data: 'Analytics data', period: '2 years' },
];

export function PrivacyPage() {
  const { supportEmail } = useRuntimeConfig();
  const mail = (
    <a href={`mailto:${supportEmail}`} className="text-teal-700 underline">
      {supportEmail}
    </a>
  );
  return (
    <LegalPage title="Privacy Policy" updated="January 1, 2025">
      <section>
        <h2>1. What we collect</h2>
        <p>
          To apply for assistance on your behalf we collect your contact details, date of birth, address, insurance,
          doctors, prescriptions and the documents you upload, and payment details through our payment processor.
        </p>
      </section>
      <section>
        <h2>2. How we use it</h2>
        <p>
          Only to provide the service: preparing and submitting applications, coordinating with your prescribers and the
          programs, billing and support. We never sell your information.
        </p>
      </section>
      <section>
        <h2>3. Security</h2>
        <p>Your data is encrypted in transit and at rest, and access is limited to the people who work on your case.</p>
      </section>
      <section>
        <h2>4. How long we keep it</h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
                  Data
                </th>
                <th scope="col" className="py-2 font-semibold text-slate-900">
                  Kept for
                </th>
              </tr>
            </thead>
            <tbody>
              {RETENTION.map((r) => (
                <tr key={r.data} className="border-b border-slate-100">
                  <td className="py-2 pr-4">{r.data}</td>
                  <td className="py-2">{r.period}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section>
        <h2>5. Your rights</h2>
        <p>
          You may ask to see, correct or delete your information by writing to {mail}. We respond to requests within 30
          days.
        </p>
      </section>
      <section>
        <h2>6. Children</h2>
        <p>The service is not for children under 13, and we do not knowingly collect their information.</p>
      </section>
      <section id="hipaa" aria-labelledby="hipaa-title" className="scroll-mt-24 rounded-xl bg-sky-50 p-5">
        <h2 id="hipaa-title">HIPAA Notice of Privacy Practices</h2>
        <p>
          RxBridge is HIPAA compliant. We use and disclose your protected health information only to help you obtain
          your medications (for example, to send an application to a manufacturer’s program or ask your prescriber to
          sign a form), for billing, and as the law requires.
        </p>
        <ul>
          <li>You may request a copy of your health information and ask us to correct it.</li>
          <li>You may ask us to limit how we use or share it, and to contact you in a particular way.</li>
          <li>You may ask for a list of the disclosures we have made.</li>
          <li>We will tell you promptly if a breach affects your information.</li>
        </ul>
        <p>To exercise these rights or file a complaint, contact our privacy officer at {mail}.</p>
      </section>
    </LegalPage>
  );
}
