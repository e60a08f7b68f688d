import { Link } from '@/lib/router';
import { ADDITIONAL_FEE, planCard } from '@/lib/plans';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { LegalPage } from './legal-page';

export function TermsPage() {
  const { supportEmail } = useRuntimeConfig();
  const extra = ADDITIONAL_FEE;
  const plan = planCard;
  return (
    <LegalPage title="Terms of Service" updated="January 1, 2025">
      <section>
        <h2>1. Our service</h2>
        <p>
          RxBridge helps patients apply to drug makers’ Patient Assistance Programs: we prepare applications, make phone
          calls, coordinate with prescribers and handle renewals. RxBridge is not a pharmacy, does not dispense
          medication and does not give medical advice. Approval is decided by each manufacturer’s program, not by
          RxBridge.
        </p>
      </section>
      <section>
        <h2>2. Eligibility and your account</h2>
        <p>
          You must be at least 18 years old, or a parent or legal guardian acting for a patient, and give true and
          complete information. You are responsible for keeping your password confidential.
        </p>
      </section>
      <section>
        <h2>3. Plans and pricing</h2>
        <ul>
          <li>
            <strong>{plan('ONGOING_CARE').name}:</strong> {plan('ONGOING_CARE').price} per month, covering your first
            two prescriptions (your first additional prescription is free for new users), plus {extra} per month for
            each additional prescription.
          </li>
          <li>
            <strong>{plan('ENROLLMENT_ONLY').name}:</strong> {plan('ENROLLMENT_ONLY').price} one-time, plus {extra} for
            each additional prescription.
          </li>
          <li>
            <strong>{plan('DIY_INSTRUCTIONS').name}:</strong> free ({plan('DIY_INSTRUCTIONS').price}).
          </li>
        </ul>
        <p>
          Nothing is due when you sign up: the amount due today is always $0. We charge only after a program approves
          your application, when your first shipment is scheduled. Prices are in US dollars.
        </p>
      </section>
      <section>
        <h2>4. Cancellation</h2>
        <p>
          You may cancel your subscription at any time from your dashboard. Cancellation stops future charges; it cannot
          be undone, and amounts already charged for a period that has begun are not refunded.
        </p>
      </section>
      <section>
        <h2>5. No guarantee of approval</h2>
        <p>
          Our 95% success rate and typical two-week turnaround describe past results, not a promise. Programs set their
          own criteria and timelines.
        </p>
      </section>
      <section>
        <h2>6. Privacy</h2>
        <p>
          Our{' '}
          <Link to="/privacy" className="text-teal-700 underline">
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link to="/privacy#hipaa" className="text-teal-700 underline">
            HIPAA Notice
          </Link>{' '}
          explain how we protect your information.
        </p>
      </section>
      <section>
        <h2>7. Contact</h2>
        <p>
          Questions about these terms:{' '}
          <a href={`mailto:${supportEmail}`} className="text-teal-700 underline">
            {supportEmail}
          </a>
          .
        </p>
      </section>
    </LegalPage>
  );
}
