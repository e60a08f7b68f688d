import { useSyncExternalStore } from 'react';
import type { PrescriptionView } from '@rxbridge/contracts';
import { onSessionEnd } from '@/lib/auth/session-memory';

export interface PrescriptionFormValues {
  medication: string;
  dosage: string;
  frequency: string;
  doctorId: string;
  diagnosisCode: string;
  quantity: string;
  daysSupply: string;
}

export const toFormValues = (p: PrescriptionView | null): PrescriptionFormValues => ({
  medication: p?.medication ?? '',
  dosage: p?.dosage ?? '',
  frequency: p?.frequency ?? '',
  doctorId: p?.doctorId ?? '',
  diagnosisCode: p?.diagnosisCode ?? '',
  quantity: p?.quantity == null ? '' : String(p.quantity),
  daysSupply: p?.daysSupply == null ? '' : String(p.daysSupply),
});

const FIELDS = Object.keys(toFormValues(null)) as (keyof PrescriptionFormValues)[];
export const sameValues = (a: PrescriptionFormValues, b: PrescriptionFormValues) =>
  FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));

/** A new row's temporary id (useEditableRows): 'prescription-…'. */
const isNewRow = (id: string) => id.startsWith('prescription-');

interface DraftsState {
  /**
   * What each row of the Prescriptions dialog holds that is not saved, by the row's id (a saved prescription's, or
   * a new row's temporary one), in the order the rows were first changed.
   */
  rows: ReadonlyMap<string, PrescriptionFormValues>;
  /** Saving a new prescription closed the dialog while rows held these: the subscription dialog says so. */
  handedOver: boolean;
}

let state: DraftsState = { rows: new Map(), handedOver: false };
const listeners = new Set<() => void>();
const update = (next: DraftsState) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * The unsaved input of the Prescriptions dialog's rows, outside the dialog (docs/product.md §6.2): saving a new
 * prescription closes the dialog for the subscription's, which unmounts every row, and what another row held
 * comes back when the dialog opens again. In memory only, for this session alone (it is health data): never in
 * storage, forgotten when the session ends. A row's entry goes when it is saved, removed, discarded or deleted.
 */
export const prescriptionDrafts = {
  /** What the row `id` held that was not saved, if anything. */
  get: (id: string) => state.rows.get(id),
  /** The new rows that hold input, to show again. */
  newRowIds: () => [...state.rows.keys()].filter(isNewRow),
  /** The row `id` holds `values` not saved, or (null) nothing any more. */
  keep(id: string, values: PrescriptionFormValues | null) {
    const had = state.rows.get(id);
    if (values ? had && sameValues(had, values) : !had) return;
    const rows = new Map(state.rows);
    if (values) rows.set(id, { ...values });
    else rows.delete(id);
    update({ rows, handedOver: state.handedOver && rows.size > 0 });
  },
  /** Only rows still there: a new row, or a prescription among `savedIds` (one deleted goes with its input). */
  prune(savedIds: readonly string[]) {
    const rows = new Map([...state.rows].filter(([id]) => isNewRow(id) || savedIds.includes(id)));
    if (rows.size !== state.rows.size) update({ rows, handedOver: state.handedOver && rows.size > 0 });
  },
  /** The dialog is closing for the subscription's: what the rows hold is said there. */
  handOver() {
    if (state.rows.size > 0 && !state.handedOver) update({ ...state, handedOver: true });
  },
  /** The dialog is open again: the rows say it themselves. */
  shown() {
    if (state.handedOver) update({ ...state, handedOver: false });
  },
  forget() {
    if (state.rows.size > 0 || state.handedOver) update({ rows: new Map(), handedOver: false });
  },
};

onSessionEnd(prescriptionDrafts.forget);

/** How many rows hold input not saved since the dialog closed for the subscription's (0 once it opened again). */
export function useHandedOverDrafts(): number {
  return useSyncExternalStore(
    subscribe,
    () => (state.handedOver ? state.rows.size : 0),
    () => 0,
  );
}
