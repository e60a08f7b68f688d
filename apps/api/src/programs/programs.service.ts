import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type EligibilityCheckAnswer,
  type EligibilityCheckPayload,
  type EligibilityFacts,
  type EligibilityFactsPayload,
  type Language,
  type CatalogueEntryView,
  type ProgramsQuery,
} from '@rxbridge/contracts';
import {
  LATEST_POVERTY_GUIDELINE_YEAR,
  drugCoverageFromInsuranceType,
  findCatalogueEntry,
  fplPercent,
  povertyGuidelineCents,
  programsFor,
  screenEligibility,
  screenRoutes,
  searchCatalogue,
  toCatalogueView,
  toProgramRef,
  noProgramMessage,
} from '@rxbridge/domain';
import { EligibilityFactsStore } from '@rxbridge/applications';
import { appendToOutbox } from '@rxbridge/events';
import { notFound } from '@rxbridge/platform';

/** The catalogue, the public check and the patient's household facts (docs/product.md §15). */
@Injectable()
export class ProgramsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
  ) {}

  /** Entries of one kind, or every kind, matching the search (docs/product.md §19). */
  list(query: ProgramsQuery): CatalogueEntryView[] {
    return searchCatalogue(query.search, query.kind).map(toCatalogueView);
  }

  one(id: string): CatalogueEntryView {
    const entry = findCatalogueEntry(id);
    if (!entry) throw notFound('Program');
    return toCatalogueView(entry);
  }

  /**
   * Screens the household against every program offering the medication (results, as before) and every route
   * (docs/product.md §19); a body with only the old insuranceType reads it as the plan kind it stands for.
   */
  check(
    input: EligibilityCheckPayload,
    language: Language = 'en',
  ): { answer: EligibilityCheckAnswer; message?: string } {
    const year = LATEST_POVERTY_GUIDELINE_YEAR;
    const insuranceType = input.insuranceType ?? 'None';
    // Without drugCoverage the results screen the old insurance type as before (docs/product.md §15); the reasons
    // are worded in the request's language (docs/product.md, Languages).
    const facts = { ...input, insuranceType, year, language };
    const results = programsFor(input.medication).map((program) => {
      const { verdict, reasons } = screenEligibility(program, facts);
      return { program: toProgramRef(program), verdict, reasons };
    });
    const routes = screenRoutes({
      ...facts,
      drugCoverage: input.drugCoverage ?? drugCoverageFromInsuranceType(insuranceType),
      papInsuranceType: input.drugCoverage ? undefined : insuranceType,
      extraHelp: input.extraHelp ?? null,
      outOfPocketCents: input.outOfPocketCents ?? null,
    });
    return {
      answer: {
        fplPercent: fplPercent(input.annualIncomeCents, input.householdSize, input.state, year),
        povertyGuidelineCents: povertyGuidelineCents(input.householdSize, input.state, year),
        results,
        routes,
      },
      message: results.length ? undefined : noProgramMessage(routes),
    };
  }

  ownFacts(userId: string): Promise<EligibilityFacts> {
    return this.facts.readOne(this.db.manager, userId);
  }

  /** Saves the facts sealed, and has the worker re-screen the patient's open applications. */
  async saveFacts(userId: string, input: EligibilityFactsPayload): Promise<EligibilityFacts> {
    await this.db.transaction(async (manager) => {
      await this.facts.write(manager, userId, input);
      await appendToOutbox(manager, 'user.eligibility_changed', { userId }, userId);
    });
    return { householdSize: input.householdSize, annualIncomeCents: input.annualIncomeCents };
  }
}
