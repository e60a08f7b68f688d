import type { PrescriberField } from '@rxbridge/contracts';
import type { PrescriberSignature } from '@rxbridge/database';

export interface PrintedIdentifier {
  label: string;
  value: string;
}

type Given = Pick<PrescriberSignature, 'licenseNumber' | 'licenseState' | 'deaNumber' | 'taxId'>;

/** The EIN as people write it: 12-3456789. */
const ein = (digits: string) => (/^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits);

/**
 * The identifiers the program asks of the prescriber, as the packet's prescriber section prints them
 * (docs/product.md §16): the signature's values once signed, blanks to fill in until then. The NPI is always printed.
 */
export function printedIdentifiers(required: readonly PrescriberField[], signed: Given | null): PrintedIdentifier[] {
  const lines: PrintedIdentifier[] = [];
  if (required.includes('LICENSE'))
    lines.push(
      { label: 'License number', value: signed?.licenseNumber ?? '' },
      { label: 'License state', value: signed?.licenseState ?? '' },
    );
  if (required.includes('DEA')) lines.push({ label: 'DEA number', value: signed?.deaNumber ?? '' });
  if (required.includes('TAX_ID')) lines.push({ label: 'Tax ID (EIN)', value: ein(signed?.taxId ?? '') });
  return lines;
}
