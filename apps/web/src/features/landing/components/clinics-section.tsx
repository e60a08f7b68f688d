import { lazy, Suspense, useState } from 'react';
import { Building2, CalendarCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLingui } from '@lingui/react';
import { withCatalogs } from '@/lib/i18n';

// The form and its schema load the first time the dialog opens (docs/architecture.md, web app).
const BookDemoDialog = lazy(
  withCatalogs(['landing-forms'], () => import('./book-demo-dialog').then((m) => ({ default: m.BookDemoDialog }))),
);

export function ClinicsSection() {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return (
    <section aria-labelledby="clinics-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl border border-slate-200 bg-gradient-to-r from-slate-50 to-sky-50 p-8 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-sky-100 text-sky-700">
              <Building2 className="size-6" aria-hidden />
            </span>
            <div>
              <h2 id="clinics-title" className="text-2xl font-bold text-slate-900">
                {_('landing.clinics.title')}
              </h2>
              <p className="mt-2 max-w-xl text-slate-600">{_('landing.clinics.text')}</p>
            </div>
          </div>
          <Button size="lg" variant="outline" onClick={() => setOpen(true)}>
            <CalendarCheck aria-hidden /> {_('landing.clinics.book')}
          </Button>
        </div>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <BookDemoDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </section>
  );
}
