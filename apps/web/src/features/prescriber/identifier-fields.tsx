import { US_STATES, type PrescriberField } from '@rxbridge/contracts';
import { Select } from '@/components/ui/input';
import { describedBy, LabelledField, TextField } from './text-field';

export interface IdentifierValues {
  licenseNumber: string;
  licenseState: string;
  deaNumber: string;
  taxId: string;
}
export const NO_IDENTIFIERS: IdentifierValues = { licenseNumber: '', licenseState: '', deaNumber: '', taxId: '' };

type TextKey = Exclude<keyof IdentifierValues, 'licenseState'>;
/** The text fields each program requirement adds, in the form's order (the license's state is a list). */
const TEXT_FIELDS: { key: TextKey; asks: PrescriberField; label: string; hint?: string; maxLength: number }[] = [
  { key: 'licenseNumber', asks: 'LICENSE', label: 'State license number', maxLength: 30 },
  { key: 'deaNumber', asks: 'DEA', label: 'DEA number', hint: 'Two letters and seven digits', maxLength: 9 },
  { key: 'taxId', asks: 'TAX_ID', label: 'Tax ID (EIN)', hint: '9 digits, for example 12-3456789', maxLength: 10 },
];

/** The fields IdentifierFields shows for the program's requirements: a refusal naming any other has no place there. */
export const identifierKeysShown = (required: readonly PrescriberField[]): (keyof IdentifierValues)[] => [
  ...TEXT_FIELDS.filter((f) => required.includes(f.asks)).map((f) => f.key),
  ...(required.includes('LICENSE') ? (['licenseState'] as const) : []),
];

/**
 * The identifiers the program's form asks of the prescriber besides the NPI (docs/product.md §16): licence number
 * and state, DEA number, tax id; only those the program requires are shown.
 */
export function IdentifierFields({
  id,
  required,
  values,
  errors,
  onChange,
}: {
  id: string;
  required: readonly PrescriberField[];
  values: IdentifierValues;
  errors: Record<string, string>;
  onChange(values: IdentifierValues): void;
}) {
  const set = (key: keyof IdentifierValues, value: string) => onChange({ ...values, [key]: value });
  const stateId = `${id}-licenseState`;
  return (
    <>
      {TEXT_FIELDS.filter((f) => required.includes(f.asks)).map((f) => (
        <div key={f.key} className="space-y-4">
          <TextField
            id={`${id}-${f.key}`}
            label={f.label}
            hint={f.hint}
            autoComplete="off"
            maxLength={f.maxLength}
            value={values[f.key]}
            onValue={(v) => set(f.key, f.key === 'deaNumber' ? v.toUpperCase() : v)}
            error={errors[f.key]}
          />
          {f.key === 'licenseNumber' && (
            <LabelledField id={stateId} label="License state" error={errors.licenseState}>
              <Select
                id={stateId}
                value={values.licenseState}
                onChange={(e) => set('licenseState', e.target.value)}
                {...describedBy(stateId, { error: errors.licenseState })}
              >
                <option value="">Choose a state</option>
                {US_STATES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </Select>
            </LabelledField>
          )}
        </div>
      ))}
    </>
  );
}
