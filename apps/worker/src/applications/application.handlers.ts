import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { canTransition, isTerminal, matchProgramFor, programChecklist, requiredDocumentsFor } from '@rxbridge/domain';
import { Application, ApplicationDocument, ApplicationTransition, Insurance } from '@rxbridge/database';
import { appendToOutbox, type DomainEvent } from '@rxbridge/events';
import { applicationPush, applicationUpdate, toApplicationUpdate, transitionApplication } from '@rxbridge/applications';
import type { HandlerMap } from '../queue/handler-map';
import { RealtimePublisher } from '../realtime/publisher';
import { ApplicationTimers } from './application-timers';

/**
 * The applications queue: opens an application per new prescription, cancels it when the
 * prescription goes, arms timers after each move and pushes every change to the screens.
 * Each handler may run twice for one event and does the work once.
 */
@Injectable()
export class ApplicationHandlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ApplicationTimers) private readonly timers: ApplicationTimers,
    @Inject(RealtimePublisher) private readonly realtime: RealtimePublisher,
  ) {}

  readonly handlers: HandlerMap = {
    'prescription.added': (e) => this.open(e),
    'prescription.removed': (e) => this.cancel(e),
    // Openings and moves carry their push, which the relay published (docs/architecture.md §8); an
    // event relayed without it is pushed here.
    'application.created': (e) => this.pushUnlessPushed(e, e.payload.applicationId, e.payload.transitionId),
    'application.transitioned': async (e) => {
      // Side by side (docs/architecture.md §15 Performance). If either fails the job is retried
      // whole: arming is idempotent (deterministic job ids) and a repeated push is recognised by
      // its transitionId.
      await Promise.all([
        this.timers.armFor(e.payload.applicationId, e.payload.toState),
        this.pushUnlessPushed(e, e.payload.applicationId, e.payload.transitionId),
      ]);
    },
    'application.documents_updated': (e) => this.push(e.payload.applicationId, null),
    'application.program_set': (e) => this.push(e.payload.applicationId, e.payload.transitionId),
    'application.prescriber_requested': (e) => this.push(e.payload.applicationId, e.payload.transitionId),
    'application.prescriber_signed': (e) => this.push(e.payload.applicationId, e.payload.transitionId),
    'user.eligibility_changed': (e) => this.rescreen(e.payload.userId),
  };

  /**
   * One application per prescription, in INTAKE, matched to the catalogue program covering its medication (none:
   * program_id null) with that program's document checklist, or the default one. The
   * UNIQUE prescription_id makes a redelivery insert nothing; the prescriptions are locked (FOR KEY
   * SHARE) so a removal waits for this commit and then finds the application to cancel.
   */
  private async open(e: DomainEvent<'prescription.added'>): Promise<void> {
    const { userId, prescriptionIds } = e.payload;
    await this.db.transaction(async (manager) => {
      const prescriptions: { id: string; medication: string }[] = await manager.query(
        `SELECT id, medication FROM prescriptions WHERE id = ANY($1::uuid[]) AND user_id = $2 ORDER BY array_position($1::uuid[], id) FOR KEY SHARE`,
        [prescriptionIds, userId],
      );
      if (!prescriptions.length) return;
      const hasInsurance = await manager.existsBy(Insurance, { userId });
      for (const p of prescriptions) {
        const program = matchProgramFor(p.medication);
        const checklist = program
          ? programChecklist(program, { hasInsurance }).map((i) => i.kind)
          : requiredDocumentsFor({ hasInsurance });
        const inserted = await manager
          .createQueryBuilder()
          .insert()
          .into(Application)
          .values({
            userId,
            prescriptionId: p.id,
            medication: p.medication,
            state: 'INTAKE',
            programId: program?.id ?? null,
            // now() is the same for every row of a transaction: keep the prescriptions' order.
            createdAt: () => 'clock_timestamp()',
          })
          .orIgnore()
          .returning('id')
          .execute();
        const applicationId = (inserted.raw as { id: string }[])[0]?.id;
        if (!applicationId) continue;
        const opened = await manager.save(
          ApplicationTransition,
          manager.create(ApplicationTransition, {
            applicationId,
            fromState: null,
            toState: 'INTAKE',
            actorId: null,
            actorRole: 'SYSTEM',
            note: `Application opened for ${p.medication}.`,
            details: program ? { programId: program.id } : {},
          }),
        );
        await manager.insert(
          ApplicationDocument,
          checklist.map((kind) => ({ applicationId, kind, status: 'MISSING' as const })),
        );
        const app = { id: applicationId, userId, prescriptionId: p.id, state: 'INTAKE' } as Application;
        await appendToOutbox(
          manager,
          'application.created',
          { applicationId, userId, prescriptionId: p.id, transitionId: opened.id },
          userId,
          applicationPush(toApplicationUpdate(app, p.medication, opened)),
        );
      }
    });
  }

  /** A removed prescription cancels its application; the timeline is kept. */
  private async cancel(e: DomainEvent<'prescription.removed'>): Promise<void> {
    for (const prescriptionId of e.payload.prescriptionIds) {
      await this.db.transaction(async (manager) => {
        const app = await manager.findOne(Application, {
          where: { prescriptionId, userId: e.payload.userId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!app || !canTransition(app.state, 'CANCELLED')) return;
        await transitionApplication(manager, {
          applicationId: app.id,
          toState: 'CANCELLED',
          note: 'Cancelled because the prescription was removed.',
          actor: { id: null, role: 'SYSTEM' },
        });
      });
    }
  }

  /**
   * Verdicts are computed when an application is read (docs/architecture.md §14), so re-screening a patient is
   * telling every screen showing one of their open applications to read it again.
   */
  private async rescreen(userId: string): Promise<void> {
    const apps = await this.db.manager.find(Application, {
      select: { id: true, state: true },
      where: { userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    for (const app of apps) {
      if (!isTerminal(app.state)) await this.push(app.id, null);
    }
  }

  private async pushUnlessPushed(e: DomainEvent, applicationId: string, transitionId: string | null): Promise<void> {
    if (!e.pushed) await this.push(applicationId, transitionId);
  }

  private async push(applicationId: string, transitionId: string | null): Promise<void> {
    const update = await applicationUpdate(this.db.manager, applicationId, transitionId);
    if (update) await this.realtime.applicationUpdated(update);
  }
}
