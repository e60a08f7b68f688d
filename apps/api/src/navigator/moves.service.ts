import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  API_MESSAGES,
  localizeMessage,
  type AdminApplicationView,
  type ProgramOverridePayload,
  type TransitionPayload,
} from '@rxbridge/contracts';
import { entryChecklist, entryRefusal, findCatalogueEntry, isTerminal, stateLabel } from '@rxbridge/domain';
import { conflict, conflictIn, notFound } from '@rxbridge/platform';
import {
  applicationWithMedication,
  changeApplicationState,
  EligibilityFactsStore,
  checklistPatient,
  navigatorViews,
  noteOnApplication,
  overrideProgram,
  readApplications,
  setChecklist,
  TIMELINE_NOTES,
} from '@rxbridge/applications';
import type { AuthUser } from '../common/auth.guard';
import { writeAudit } from '../common/record-access';
import { MoveAnswers } from './move-answers';

/** A navigator moves a case or sets its program (docs/product.md §5 Applications, §15). */
@Injectable()
export class NavigatorMovesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(EligibilityFactsStore) private readonly facts: EligibilityFactsStore,
    @Inject(MoveAnswers) private readonly answers: MoveAnswers,
  ) {}

  /**
   * The move is one statement checked against the state it read (changeApplicationState); its push
   * follows its commit (docs/architecture.md §8), and the answer is read after the commit, so it
   * shows the move (or a later one). The answer is the patient's application: the move's statement
   * writes its audit line (§9).
   */
  async transition(actor: AuthUser, applicationId: string, input: TransitionPayload): Promise<AdminApplicationView> {
    const { application } = await this.answers.whileWriting(() =>
      changeApplicationState(this.db.manager, {
        applicationId,
        toState: input.toState,
        fromState: input.fromState,
        note: input.note,
        details: {
          enrollmentStartsOn: input.enrollmentStartsOn ?? input.enrollmentStartDate,
          enrollmentEndsOn: input.enrollmentEndsOn ?? input.enrollmentEndDate,
          shipmentDate: input.shipmentDate,
          daysOfSupply: input.daysOfSupply,
        },
        actor: { id: actor.id, role: actor.role },
      }),
    );
    return this.answers.read(application.id);
  }

  /**
   * A navigator sets the program an application goes to (docs/product.md §15): audited, a timeline entry, the
   * checklist follows the program (items still missing and no longer asked for go, new ones are added) and the
   * patient is told through the outbox. The worker's match never replaces an overridden program.
   */
  async setProgram(
    actor: AuthUser,
    applicationId: string,
    input: ProgramOverridePayload,
  ): Promise<AdminApplicationView> {
    // Any route's entry: a maker's program, a copay card or a foundation (docs/product.md §19).
    const program = findCatalogueEntry(input.programId);
    if (!program) throw notFound('Program');
    return this.db.transaction(async (manager) => {
      const found = await applicationWithMedication(manager, applicationId, { lock: true });
      const { app } = found;
      if (isTerminal(app.state)) {
        throw conflict(API_MESSAGES.programLocked(stateLabel(app.state)));
      }
      // Changed from what the navigator saw: a colleague's choice made since is not silently replaced (§8).
      if (input.fromProgramId !== undefined && input.fromProgramId !== app.programId) {
        const now = app.programId ? (findCatalogueEntry(app.programId)?.name ?? app.programId) : 'none';
        throw conflict(API_MESSAGES.programChangedMeanwhile(now), 'program-changed');
      }
      const patient = await checklistPatient(manager, app.userId);
      // An entry whose recorded facts exclude the patient's coverage (a copay card with Medicare, a fund for Medicare
      // patients only, a program not for their kind of plan): its route's rule refuses it, decided once (§15, §19).
      const refused = entryRefusal(program, found.medication, patient.drugCoverage);
      if (refused) {
        throw conflictIn('program-refused', (language) =>
          localizeMessage(API_MESSAGES.programRefused(program.name, refused(language)), language),
        );
      }
      await writeAudit(manager, actor, {
        action: 'application.program_set',
        subjectUserId: app.userId,
        entityType: 'application',
        entityId: app.id,
        metadata: { fromProgramId: app.programId, toProgramId: program.id },
      });
      await overrideProgram(manager, app.id, program.id);
      await setChecklist(manager, app.id, entryChecklist(program, patient));
      await noteOnApplication(
        manager,
        found,
        {
          actorId: actor.id,
          actorRole: actor.role,
          note: TIMELINE_NOTES.programSet(program.name),
          details: { programId: program.id, previousProgramId: app.programId },
        },
        'application.program_set',
        { applicationId: app.id, userId: app.userId },
      );
      const fresh = await readApplications(manager, [app.id]);
      const [view] = await navigatorViews(manager, fresh, this.facts);
      return view;
    });
  }
}
