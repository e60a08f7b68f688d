import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { FALLBACK_CONFIG } from '@/lib/runtime-config';
import { messageOf } from '@/lib/api-client';
import { LogoMark } from '@/components/layout/logo';
import { PageSpinner } from '@/components/ui/spinner';
import { unlockMaintenance } from './api/unlock-maintenance';
import { rememberUnlock } from './unlock-storage';
import { bypassParam, stripBypassParam } from './bypass-param';

/** The Coming Soon page; a ?bypass= code in the address unlocks the site for 24 hours (docs/product.md). */
export function MaintenancePage({ supportEmail, onUnlocked }: { supportEmail?: string; onUnlocked(): void }) {
  const { _ } = useLingui();
  const [bypass] = useState(bypassParam);
  const unlock = useMutation({
    mutationFn: unlockMaintenance,
    onSuccess: ({ data }) => {
      if (!data?.unlocked) return;
      rememberUnlock();
      onUnlocked();
    },
    onSettled: stripBypassParam,
  });

  useEffect(() => {
    if (bypass) unlock.mutate(bypass);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the code the visitor arrived with
  }, [bypass]);

  if (unlock.isPending) return <PageSpinner />;
  return (
    <ComingSoon
      email={supportEmail ?? FALLBACK_CONFIG.supportEmail}
      error={unlock.isError ? messageOf(unlock.error, _('maintenance.invalidCode')) : undefined}
    />
  );
}

function ComingSoon({ email, error }: { email: string; error?: string }) {
  const { _ } = useLingui();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-sky-50 via-white to-teal-50 px-4">
      <div className="w-full max-w-lg rounded-3xl bg-white p-10 text-center shadow-xl ring-1 ring-slate-200">
        <div className="flex items-center justify-center gap-2">
          <LogoMark className="size-10" />
          <span className="text-2xl font-bold text-slate-900">RxBridge</span>
        </div>
        <span className="mx-auto mt-8 flex size-14 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <Wrench className="size-7" aria-hidden />
        </span>
        <p className="mt-5 text-sm font-semibold uppercase tracking-wider text-teal-700">{_('maintenance.eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{_('maintenance.title')}</h1>
        <p className="mt-4 text-slate-600">{_('maintenance.text')}</p>
        {error && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <p className="mt-6 text-sm text-slate-500">
          <Trans
            id="maintenance.questions"
            values={{ email }}
            components={{ 0: <a href={`mailto:${email}`} className="font-medium text-teal-700 underline" /> }}
          />
        </p>
      </div>
    </main>
  );
}
