import { useLingui } from '@lingui/react';
import { PageSpinner } from '@/components/ui/spinner';
import { reloadingForNewBuild } from '@/lib/stale-build';

/** The error page: shown when a page throws while rendering or loading its code. */
export function ErrorFallback({ error }: { error: unknown }) {
  const { _ } = useLingui();
  // Code of an older build that failed to load: the page is already loading the new one (lib/stale-build.ts).
  if (reloadingForNewBuild()) return <PageSpinner />;
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{_('common.error.title')}</h1>
      {detail && <p className="mt-3 max-w-lg break-words text-slate-600">{detail}</p>}
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-teal-600 px-5 py-2.5 font-semibold text-white hover:bg-teal-700"
        >
          {_('common.error.reload')}
        </button>
        <a
          href="/"
          className="rounded-lg px-5 py-2.5 font-semibold text-teal-700 ring-1 ring-teal-600 hover:bg-teal-50"
        >
          {_('common.error.home')}
        </a>
      </div>
    </main>
  );
}
