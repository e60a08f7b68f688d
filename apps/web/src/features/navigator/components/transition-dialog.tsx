import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { AdminApplicationView, ApplicationState, ApplicationView } from '@rxbridge/contracts';
import { detailFieldsFor, isTerminal, stateLabel } from '@rxbridge/domain';
import { ApiError, messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { localIsoDate } from '@/lib/local-day';
import { Dialog } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/dialog-footer';
import { Form, InputField, TextareaField } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import {
  toDetails,
  transitionFormSchema,
  useTransitionApplication,
  type TransitionFormValues,
} from '../api/transition-application';

/** A move that ends the application (Closed, Cancelled) or says no (Denied): shown as a danger, not taken back. */
export const endsOrDenies = (state: ApplicationState) => isTerminal(state) || state === 'DENIED';

const DEFAULT_DAYS_OF_SUPPLY = '90';

const NOT_MOVED = 'The application could not be moved. Please try again.';
/**
 * An answer without a body to read (a proxy's own 404 or 409 page, docs/product.md §12) is no refusal of the API's:
 * the move is not confirmed. Trying again is safe: a move already made is refused as stale, in the API's words.
 */
const UNREADABLE = 'The server’s answer could not be read, so the move is not confirmed. Please try again.';

/** What the dialog's alert says of a failed move; a gateway's 502, 503 or 504 says the service is briefly away. */
const failureText = (error: unknown) =>
  messageOf(error, error instanceof ApiError && !error.readable ? UNREADABLE : NOT_MOVED);

function defaults(): TransitionFormValues {
  return {
    note: '',
    // Blank: the navigator's today, where they are, and the program's rule (toDetails, docs/product.md §18).
    enrollmentStartsOn: '',
    enrollmentEndsOn: '',
    // The navigator's today, where they are: the UTC day is already tomorrow in the evening across the US.
    shipmentDate: localIsoDate(),
    daysOfSupply: DEFAULT_DAYS_OF_SUPPLY,
  };
}

/**
 * The places on an application's panel that take the focus once its move dialog closed: the refusal, else the
 * heading. Both stay while the panel shows the application, where the move buttons change with its state.
 */
export const panelFocusIds = (applicationId: string) => ({
  heading: `application-${applicationId}-heading`,
  refusal: `application-${applicationId}-refusal`,
});

/**
 * Why the server refused a move, in its words: 'stale-state' when someone else, or the system, moved it first (the
 * message says which).
 */
export interface Refusal {
  code?: string;
  message: string;
}

export interface PendingMove {
  application: ApplicationView;
  /** The state the navigator saw when choosing: the server refuses the move if it is no longer so. */
  fromState: ApplicationState;
  toState: ApplicationState;
  /** The button that opened the dialog: the focus goes back to it when the dialog is cancelled. */
  opener?: HTMLElement;
}

/**
 * Asks for the note (and the dates a state needs) and makes the move. A refusal because the
 * application moved meanwhile, or because the move is no longer legal, closes the dialog with the
 * server's message; the view refetches either way.
 */
export function TransitionDialog({
  move,
  patientName,
  onClose,
  onRefused,
}: {
  move: PendingMove | null;
  patientName: string;
  onClose(): void;
  onRefused(applicationId: string, refusal: Refusal): void;
}) {
  const toState = move?.toState ?? 'CANCELLED';
  const form = useForm<TransitionFormValues>({
    resolver: zodResolver(transitionFormSchema(toState)),
    defaultValues: defaults(),
  });
  const transition = useTransitionApplication();
  const needed = detailFieldsFor(toState);
  /** Whether the last refusal's messages all went onto the fields shown. */
  const [onFields, setOnFields] = useState(false);
  /** Whether the move was made or refused: the button that opened the dialog may then be gone. */
  const settled = useRef(false);

  useEffect(() => {
    if (move) {
      form.reset(defaults());
      transition.reset();
      settled.current = false;
    }
    // Reset only when another move is chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [move]);

  if (!move) return null;
  const { application, fromState } = move;
  const label = stateLabel(toState);
  // A settled move is read again before the dialog closes, and the buttons of the state it left go: the focus goes to
  // the refusal, which says why, or to the application's heading, never to the page's start (WCAG 2.4.3). A cancelled
  // one goes back to its button, unless the application moved meanwhile.
  const focusOnClose = () => {
    if (!settled.current && move.opener?.isConnected) return move.opener;
    const { refusal, heading } = panelFocusIds(application.id);
    return document.getElementById(refusal) ?? document.getElementById(heading);
  };

  const onSubmit = (values: TransitionFormValues) => {
    setOnFields(false);
    transition.mutate(
      {
        applicationId: application.id,
        request: { toState, fromState, note: values.note, ...toDetails(toState, values) },
      },
      {
        onSuccess: ({ data, message }) => {
          toast.success(message ?? `Application moved to ${label}`, {
            description: `${(data.application as AdminApplicationView).medication} for ${patientName}`,
          });
          settled.current = true;
          onClose();
        },
        onError: (error) => {
          // A field this move shows takes its message; any other, the alert below says.
          const shown = (field: string) => (field === 'note' || needed.includes(field as never) ? field : undefined);
          if (error instanceof ApiError && error.status === 400 && error.fields) {
            setOnFields(applyServerErrors(form, error, { fieldOf: shown, shouldFocus: true }));
            return;
          }
          // The API's refusal, in its words; a proxy's bodyless 404 or 409 stays in the dialog, said plainly.
          if (error instanceof ApiError && error.readable && (error.status === 409 || error.status === 404)) {
            settled.current = true;
            onRefused(application.id, { code: error.code, message: error.message });
            onClose();
          }
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !transition.isPending && onClose()}
      title={`Move to ${label}`}
      description={`${application.medication} for ${patientName}: from ${stateLabel(fromState)} to ${label}.`}
      className="max-w-lg"
      focusOnClose={focusOnClose}
    >
      <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label={`Move to ${label}`}>
        {needed.includes('enrollmentStartsOn') && (
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField<TransitionFormValues>
              name="enrollmentStartsOn"
              label="Enrollment start date"
              type="date"
              hint="Optional. Blank: today, the day of the approval."
            />
            <InputField<TransitionFormValues>
              name="enrollmentEndsOn"
              label="Enrollment end date"
              type="date"
              hint="Optional. Blank: the program's rule, or an estimated 12 months when it publishes none."
            />
          </div>
        )}
        {needed.includes('shipmentDate') && (
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField<TransitionFormValues> name="shipmentDate" label="Shipment date" type="date" required />
            <InputField<TransitionFormValues>
              name="daysOfSupply"
              label="Days of supply"
              type="number"
              inputMode="numeric"
              min={30}
              max={120}
              step={1}
              required
              hint="30 to 120 days"
            />
          </div>
        )}
        <TextareaField<TransitionFormValues>
          name="note"
          label="Note"
          required
          autoFocus
          maxLength={2000}
          placeholder="Why the application moves (who you spoke to, what was sent)"
          hint="Kept on the application's timeline; the patient sees it."
        />
        {transition.isError && !onFields && <FormAlert>{failureText(transition.error)}</FormAlert>}
        <FormDialogFooter
          className="pt-2"
          onCancel={onClose}
          isPending={transition.isPending}
          submitVariant={endsOrDenies(toState) ? 'danger' : 'primary'}
          submitLabel={`Move to ${label}`}
        />
      </Form>
    </Dialog>
  );
}
