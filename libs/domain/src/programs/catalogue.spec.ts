// Schema test over the whole reviewed catalogue. The zod schema lives here, not in the library, so the domain
// library keeps no runtime dependency.
import { z } from 'zod';
import {
  PAP_CATALOGUE,
  PRESCRIBER_FIELDS,
  PROGRAM_DOCUMENT_KINDS,
  SHIP_TO_CHOICES,
  THERAPEUTIC_AREAS,
  US_TERRITORIES,
  matchPrograms,
  type PapProgram,
} from '..';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(d)), 'a real date');
const httpUrl = z.url({ protocol: /^https?$/ });
const rule = z.strictObject({ allowed: z.boolean().nullable(), condition: z.string().min(10).optional() });
const name = z
  .string()
  .trim()
  .min(2)
  .refine((s) => !/[®™]/.test(s), 'no ® or ™ in names');

const programSchema = z.strictObject({
  kind: z.literal('PAP'),
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case'),
  name: z.string().min(3),
  manufacturer: z.string().min(2),
  medications: z.array(z.strictObject({ brand: name, generic: name, area: z.enum(THERAPEUTIC_AREAS) })).min(1),
  website: httpUrl.nullable(),
  incomeLimitFplPercent: z.number().int().min(100).max(1000).nullable(),
  incomeLimitNote: z.string().min(10),
  incomeLimitDollars: z
    .strictObject({
      byHouseholdSize: z
        .array(z.strictObject({ householdSize: z.number().int().min(1), cents: z.number().int().positive() }))
        .min(1),
      perExtraPersonCents: z.number().int().positive().nullable(),
    })
    .nullable()
    .optional(),
  insurance: z.strictObject({ uninsured: rule, medicarePartD: rule, medicaid: rule, commercial: rule }),
  residency: z.strictObject({
    usResidencyRequired: z.boolean().nullable(),
    acceptedTerritories: z.array(z.enum(US_TERRITORIES)).nullable(),
    description: z.string().min(10),
  }),
  documents: z.array(z.strictObject({ kind: z.enum(PROGRAM_DOCUMENT_KINDS), label: z.string().min(5) })),
  application: z.strictObject({
    patientSignature: z.boolean().nullable(),
    hipaaAuthorization: z.boolean().nullable(),
    eSignatureAccepted: z.boolean().nullable(),
    prescriberFields: z.array(z.enum(PRESCRIBER_FIELDS)),
    shipTo: z.array(z.enum(SHIP_TO_CHOICES)),
    submitTo: z.strictObject({
      fax: z
        .string()
        .regex(/^\+1\d{10}$/, 'E.164')
        .nullable(),
      mail: z.string().min(10).nullable(),
      portalUrl: httpUrl.nullable(),
    }),
  }),
  enrollment: z.strictObject({
    months: z.number().int().min(1).max(36).nullable(),
    endsDecember31: z.boolean().nullable(),
  }),
  source: z.strictObject({ url: httpUrl, checkedOn: isoDate }),
  otherSources: z.array(z.strictObject({ url: httpUrl, checkedOn: isoDate, usedFor: z.string().min(5) })),
});

const allMedications = PAP_CATALOGUE.flatMap((p) => p.medications);

describe('PAP catalogue', () => {
  it.each(PAP_CATALOGUE.map((p) => [p.id, p] as const))('%s matches the schema', (_id, program) => {
    const parsed = programSchema.safeParse(program);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('has unique program ids', () => {
    const ids = PAP_CATALOGUE.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('records a source url and a checked-on date, not in the future, for every program and supporting page', () => {
    for (const program of PAP_CATALOGUE) {
      for (const source of [program.source, ...program.otherSources]) {
        expect(source.url).toMatch(/^https?:\/\//);
        expect(source.checkedOn <= '2026-11-23').toBe(true);
      }
    }
  });

  it('lists at least 40 medications from at least 12 manufacturers', () => {
    expect(allMedications.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PAP_CATALOGUE.map((p) => p.manufacturer)).size).toBeGreaterThanOrEqual(12);
  });

  it('does not list one brand under one manufacturer twice', () => {
    const keys = PAP_CATALOGUE.flatMap((p) => p.medications.map((m) => `${p.manufacturer}|${m.brand.toLowerCase()}`));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(['Ozempic', 'Eliquis', 'Humira', 'Trelegy Ellipta'])('includes %s', (brand) => {
    expect(allMedications.some((m) => m.brand === brand)).toBe(true);
    expect(matchPrograms(brand, PAP_CATALOGUE).outcome).toBe('MATCHED');
  });

  it.each([...THERAPEUTIC_AREAS])('represents the %s area', (area) => {
    expect(allMedications.some((m) => m.area === area)).toBe(true);
  });

  it('gives every income limit a note, and a territory list when U.S. residency is not required', () => {
    const programs: readonly PapProgram[] = PAP_CATALOGUE;
    for (const program of programs) {
      expect(program.incomeLimitNote.length).toBeGreaterThan(10);
      if (program.residency.usResidencyRequired === false) {
        expect(program.residency.acceptedTerritories).not.toBeNull();
      }
    }
  });
});
