import { MailCheck, MailWarning } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { PublicUser } from '@rxbridge/contracts';
import { useResendVerification } from '@/lib/auth/api/resend-verification';
import { Button } from '@/components/ui/button';

/** First name, email and whether it is verified, with a resend while it is not. */
export function Welcome({ user }: { user: PublicUser }) {
  const resend = useResendVerification();
  const { _ } = useLingui();
  return (
    <section aria-labelledby="welcome-title">
      <h1 id="welcome-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {_('dashboard.welcome.title', { name: user.firstName })}
      </h1>
      {/* The list and the resend button share one row; a button may not sit inside a <dl>. */}
      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <dl className="contents">
          <div className="flex gap-1.5">
            <dt className="text-slate-500">{_('dashboard.welcome.email')}</dt>
            <dd className="break-all font-medium text-slate-900">{user.email}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-500">{_('dashboard.welcome.verified')}</dt>
            <dd
              className={
                user.emailVerified
                  ? 'inline-flex items-center gap-1 font-medium text-teal-700'
                  : 'inline-flex items-center gap-1 font-medium text-amber-700'
              }
            >
              {user.emailVerified ? (
                <MailCheck className="size-4" aria-hidden />
              ) : (
                <MailWarning className="size-4" aria-hidden />
              )}
              {user.emailVerified ? _('records.yes') : _('records.no')}
            </dd>
          </div>
        </dl>
        {!user.emailVerified && (
          <Button variant="link" size="inline" isLoading={resend.isPending} onClick={() => resend.mutate()}>
            {_('dashboard.welcome.resend')}
          </Button>
        )}
      </div>
    </section>
  );
}
