import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ApplicationView } from '@rxbridge/contracts';
import { ApiError, messageOf } from '@/lib/api-client';
import { usePrograms } from '@/lib/programs/api/get-programs';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { useSetApplicationProgram } from '../api/set-application-program';
import { PATIENT_ASKED } from './patient-asked';

/** The navigator picks another program from the catalogue when the automatic match is wrong. */
export function ProgramOverride({ application: a }: { application: ApplicationView }) {
  const id = useId();
  const programs = usePrograms();
  const current = a.program?.id ?? '';
  // The program picked, with the one set when the navigator first picked (docs/product.md §8): a colleague's choice
  // arriving live meanwhile is refused by the server, never replaced unseen.
  const [choice, setChoice] = useState<{ programId: string; from: string | null } | null>(null);
  const selected = choice?.programId || current;
  const setProgram = useSetApplicationProgram();
  const picker = useRef<HTMLSelectElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const save = () =>
    setProgram.mutate(
      { applicationId: a.id, programId: selected, fromProgramId: choice ? choice.from : (a.program?.id ?? null) },
      {
        onSuccess: ({ message }) => {
          setChoice(null);
          // The view is read again first: the button, with nothing left to change, is then disabled, which drops the
          // focus to the page's start (WCAG 2.4.3). It goes to the picker, which shows the program now set.
          const focused = document.activeElement;
          if (!focused || focused === document.body || focused === button.current) picker.current?.focus();
          toast.success(message ?? 'Program changed', { description: `${a.medication}. ${PATIENT_ASKED}` });
        },
        onError: (error) => {
          // Refused: set by a colleague meanwhile, or an entry whose recorded facts rule out the patient's coverage
          // (docs/product.md §15). The picker shows the program set again, and the toast says why.
          if (error instanceof ApiError && error.status === 409) setChoice(null);
          toast.error('Program not changed', { description: messageOf(error, 'Please try again.') });
        },
      },
    );
  // Every route's program (docs/product.md §19): a maker's program, a copay card or a foundation.
  const sorted = [...(programs.data ?? [])].sort(
    (x, y) => x.sponsor.localeCompare(y.sponsor) || x.name.localeCompare(y.name),
  );
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        Program
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {a.programOverridden
          ? 'Chosen by a navigator: the automatic match no longer changes it.'
          : a.program
            ? 'Matched from the medication. Choose another if the match is wrong.'
            : 'No program covers this medication. Choose one if you found it.'}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Select
          ref={picker}
          id={id}
          aria-describedby={`${id}-hint`}
          value={selected}
          onChange={(e) =>
            setChoice({ programId: e.target.value, from: choice ? choice.from : (a.program?.id ?? null) })
          }
          disabled={programs.isPending || programs.isError}
          className="h-9 sm:flex-1"
        >
          <option value="" disabled>
            {programs.isPending ? 'Loading programs…' : programs.isError ? 'Programs unavailable' : 'Choose a program'}
          </option>
          {sorted.map((p) => (
            <option key={p.id} value={p.id}>
              {p.sponsor}: {p.name}
              {p.kind === 'PAP' ? '' : p.kind === 'COPAY_CARD' ? ' (copay card)' : ' (foundation)'}
            </option>
          ))}
        </Select>
        <Button
          ref={button}
          size="sm"
          variant="outline"
          onClick={save}
          disabled={!selected || selected === current}
          isLoading={setProgram.isPending}
          aria-label={`Change program for ${a.medication}`}
        >
          Change program
        </Button>
      </div>
    </div>
  );
}
