import { doctorSchema, profileUpdateSchema } from '@rxbridge/contracts';
import type { Application, Doctor, Prescription, User } from '@rxbridge/database';
import { SIGNED_PROFILE_FIELDS } from '@rxbridge/domain';
import { packetFacts, signedFactHashes } from './packet-facts';

// The API tells the screens to read a patient's applications again after a save that leaves their signatures no
// longer current (docs/product.md §17): a profile save that changes one of SIGNED_PROFILE_FIELDS, and any doctor save,
// every field of a doctor being printed.
const user = {
  firstName: 'Maria',
  lastName: 'Lopez',
  dateOfBirth: '1968-04-12',
  phone: '5551234567',
  email: 'maria@example.com',
  mailingStreet: '12 Oak Street',
  mailingCity: 'Springfield',
  mailingState: 'IL',
  mailingZip: '62701',
  gender: 'female',
  maritalStatus: 'married',
  preferredLanguage: 'en',
} as unknown as User;
const doctor = {
  firstName: 'Grace',
  lastName: 'Hopper',
  specialty: 'Primary Care',
  phone: '5559876543',
  doctorAddress: '1 Main Street, Springfield, IL 62701',
  npiNumber: '1234567893',
} as unknown as Doctor;
const prescription = { medication: 'Tradjenta', dosage: '5 mg', frequency: 'Once daily' } as Prescription;
const app = { programId: null, medication: 'Tradjenta', shipTo: null } as Pick<
  Application,
  'programId' | 'medication' | 'shipTo'
>;
const factsOf = (u: User, d: Doctor) => packetFacts(app, { user: u, doctor: d, prescription, insurance: null }, null);

/** Which of the row's `fields` change `read` when given another value. */
function changing<T extends object>(row: T, fields: string[], read: (changed: T) => unknown): string[] {
  const before = JSON.stringify(read(row));
  return fields.filter((field) => {
    const changed = { ...row, [field]: `${String((row as Record<string, unknown>)[field])}9` };
    return JSON.stringify(read(changed)) !== before;
  });
}

describe('the saves that leave a signature no longer current', () => {
  it('are those of the profile fields whose change changes a signed fact', () => {
    const signed = changing(user, Object.keys(profileUpdateSchema.shape), (u) => signedFactHashes(factsOf(u, doctor)));
    expect(signed.sort()).toEqual([...SIGNED_PROFILE_FIELDS].sort());
  });

  it("are any of a doctor's: the packet prints every field of a doctor save", () => {
    const fields = Object.keys(doctorSchema.shape);
    expect(changing(doctor, fields, (d) => factsOf(user, d).prescriber)).toEqual(fields);
  });
});
