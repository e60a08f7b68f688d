import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ELIGIBILITY_MESSAGES,
  type EligibilityCheckAnswer,
  type EligibilityCheckPayload,
  type EligibilityFacts,
  type EligibilityFactsPayload,
  type ProgramView,
} from '@rxbridge/contracts';
import {
  LATEST_POVERTY_GUIDELINE_YEAR,
  findProgram,
  fplPercent,
  povertyGuidelineCents,
  programsFor,
  screenEligibility,
  searchPrograms,
  toProgramRef,
  toProgramView,
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

  list(search: string | undefined): ProgramView[] {
    return searchPrograms(search).map(toProgramView);
  }

  one(id: string): ProgramView {
    const program = findProgram(id);
    if (!program) throw notFound('Program');
    return toProgramView(program);
  }

  /** Screens the household against every program offering the medication; [] and a message when none does. */
  check(input: EligibilityCheckPayload): { answer: EligibilityCheckAnswer; message?: string } {
    const year = LATEST_POVERTY_GUIDELINE_YEAR;
    const facts = { ...input, year };
    const results = programsFor(input.medication).map((program) => {
      const { verdict, reasons } = screenEligibility(program, facts);
      return { program: toProgramRef(program), verdict, reasons };
    });
    return {
      answer: {
        fplPercent: fplPercent(input.annualIncomeCents, input.householdSize, input.state, year),
        povertyGuidelineCents: povertyGuidelineCents(input.householdSize, input.state, year),
        results,
      },
      message: results.length ? undefined : ELIGIBILITY_MESSAGES.noProgram,
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
