import { createHash } from 'node:crypto';
import type { EligibilityFacts } from '@rxbridge/contracts';
import {
  findProgram,
  formatCents,
  SHIP_TO_LABELS,
  shipToOf,
  signedFacts,
  type PacketFacts,
  type SignedFacts,
} from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import type { PacketSources } from './packet.repository';

/** Phones are stored as digits (optionally +1): the form shows them as people write them. */
export const printedPhone = (value: string | null) => {
  const d = (value ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : (value ?? '');
};

/**
 * The facts an application's packet prints, as printed (docs/product.md §16): the one mapping from the rows to the
 * packet, which the packet renders and each signature hashes (docs/product.md §17).
 */
export function packetFacts(
  app: Pick<Application, 'programId' | 'medication' | 'shipTo'>,
  { user, prescription, doctor, insurance }: PacketSources,
  facts: EligibilityFacts | null,
): PacketFacts {
  const program = app.programId ? findProgram(app.programId) : undefined;
  const shipTo = program ? shipToOf(program.application.shipTo, app.shipTo) : null;
  const home = `${user.mailingStreet}, ${user.mailingCity}, ${user.mailingState} ${user.mailingZip}`;
  return {
    patient: {
      name: `${user.firstName} ${user.lastName}`,
      dateOfBirth: user.dateOfBirth,
      address: home,
      phone: printedPhone(user.phone),
      email: user.email,
      householdSize: facts?.householdSize == null ? '' : String(facts.householdSize),
      annualIncome: facts?.annualIncomeCents == null ? '' : formatCents(facts.annualIncomeCents),
    },
    insurance: insurance
      ? {
          provider: insurance.provider,
          coverageType: insurance.coverageType,
          policyNumber: insurance.policyNumber ?? '',
          groupNumber: insurance.groupNumber ?? '',
        }
      : null,
    prescription: {
      medication: prescription?.medication ?? app.medication,
      dosage: prescription?.dosage ?? '',
      frequency: prescription?.frequency ?? '',
      diagnosisCode: prescription?.diagnosisCode ?? '',
      quantity: prescription?.quantity == null ? '' : String(prescription.quantity),
      daysSupply: prescription?.daysSupply == null ? '' : String(prescription.daysSupply),
    },
    prescriber: doctor
      ? {
          name: `${doctor.firstName} ${doctor.lastName}`,
          specialty: doctor.specialty,
          npi: doctor.npiNumber ?? '',
          address: doctor.doctorAddress,
          phone: printedPhone(doctor.phone),
        }
      : { name: '', specialty: '', npi: '', address: '', phone: '' },
    program: program?.name ?? '',
    shipTo: shipTo
      ? `${SHIP_TO_LABELS[shipTo]}: ${shipTo === 'PATIENT_HOME' ? home : (doctor?.doctorAddress ?? '')}`
      : '',
  };
}

/**
 * One SHA-256 over every signed fact's hash: what the prescriber's signing page read, posted back when they sign, so
 * a fact changed in between is refused rather than signed unseen (docs/product.md §16).
 */
export function signedFactsDigest(hashes: SignedFacts): string {
  const lines = Object.entries(hashes).map(([name, hash]) => `${name}\n${hash}\n`);
  return createHash('sha256').update(lines.join('')).digest('hex');
}

/** The SHA-256 of each signed fact (name and printed text), which a signature keeps instead of the facts. */
export function signedFactHashes(facts: PacketFacts): SignedFacts {
  return Object.fromEntries(
    Object.entries(signedFacts(facts)).map(([name, text]) => [
      name,
      createHash('sha256').update(`${name}\n${text}`).digest('hex'),
    ]),
  );
}
