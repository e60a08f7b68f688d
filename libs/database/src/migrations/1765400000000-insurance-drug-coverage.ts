import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Coverage asked for what it is (docs/product.md §6.3 Insurance): the kind of drug plan, Extra Help and this year's
 * out-of-pocket spend, each null until the patient answers; records made before keep their coverage type's meaning.
 */
export class InsuranceDrugCoverage1765400000000 implements MigrationInterface {
  name = 'InsuranceDrugCoverage1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE insurances
         ADD COLUMN drug_coverage varchar(40)
           CONSTRAINT insurances_drug_coverage_check CHECK (drug_coverage IN ('NONE', 'EMPLOYER', 'MARKETPLACE',
             'MEDICARE_PART_D', 'MEDICARE_ADVANTAGE_WITH_DRUGS', 'MEDICARE_WITHOUT_DRUGS', 'MEDICAID', 'VA_TRICARE',
             'INDIAN_HEALTH_SERVICE', 'OTHER')),
         ADD COLUMN extra_help boolean,
         ADD COLUMN out_of_pocket_cents_this_year integer
           CONSTRAINT insurances_out_of_pocket_check CHECK (out_of_pocket_cents_this_year >= 0)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE insurances DROP COLUMN drug_coverage, DROP COLUMN extra_help, DROP COLUMN out_of_pocket_cents_this_year`,
    );
  }
}
