import type { EntityManager } from 'typeorm';
import {
  SUBMISSION_MESSAGES,
  type ApplicationView,
  type SubmissionPayload,
  type TransitionActorRole,
} from '@rxbridge/contracts';
import { canTransition, findProgram, packetInHand, stateLabel } from '@rxbridge/domain';
import { isUuid, type Application, type ApplicationSubmission } from '@rxbridge/database';
import { appendToOutbox } from '@rxbridge/events';
import { ApiError, badRequest, conflict, notFound } from '@rxbridge/platform';
import { applicationPush, toApplicationUpdate } from './application-push';
import { applicationWithMedication } from './application-state.repository';
import { applicationViews } from './application-views';
import type { EligibilityFactsStore } from './eligibility-facts';
import { changeApplicationState } from './change-application-state';
import { assertGoesAsPacket } from './signatures';
import { announceChecklistChange } from './application-notes';
import {
  insertSubmission,
  latestSubmissions,
  lockSubmission,
  recordUnfaxable,
  updateSubmission,
} from './submissions.repository';

export interface SubmissionActor {
  id: string;
  role: TransitionActorRole;
}

/** The program's name and where its fax goes, for the timeline (docs/product.md §17). */
const programOf = (app: Application) => (app.programId ? findProgram(app.programId) : undefined);

/**
 * A navigator sends an application to its program (docs/product.md §17), in the caller's transaction with the
 * application locked and its view read: refused while anything is missing (409 packet-incomplete with the items), when
 * it was already sent, or from a state whose packet is not in hand or that cannot move to SUBMITTED. A fax is QUEUED
 * for the worker (the state moves once it is sent); a portal submission is recorded and moves the state at once.
 */
export async function submitApplication(
  manager: EntityManager,
  actor: SubmissionActor,
  view: ApplicationView,
  input: SubmissionPayload,
): Promise<ApplicationSubmission> {
  const found = await applicationWithMedication(manager, view.id, { lock: true });
  const { app } = found;
  assertSendable(app, view, (await latestSubmissions(manager, [app.id])).get(app.id));
  const program = programOf(app)!;
  if (input.channel === 'PORTAL') {
    const submission = await insertSubmission(manager, {
      applicationId: app.id,
      channel: 'PORTAL',
      toAddress: program.application.submitTo.portalUrl ?? program.website ?? program.name,
      reference: input.reference,
      status: 'SENT',
      submittedBy: actor.id,
      sentAt: new Date(),
    });
    await changeApplicationState(manager, {
      applicationId: app.id,
      toState: 'SUBMITTED',
      note: SUBMISSION_MESSAGES.submittedInPortal(program.name, input.reference!),
      actor,
    });
    return submission;
  }
  const fax = program.application.submitTo.fax;
  if (!fax) throw badRequest(SUBMISSION_MESSAGES.noFax, { channel: SUBMISSION_MESSAGES.noFax }, 'validation-failed');
  const submission = await insertSubmission(manager, {
    applicationId: app.id,
    channel: 'FAX',
    toAddress: fax,
    reference: null,
    status: 'QUEUED',
    submittedBy: actor.id,
  });
  await queueFax(manager, found, submission);
  return submission;
}

/**
 * What sending needs, for a first send and a retry alike (docs/product.md §17): nothing on its way or already with the
 * program, a maker's program, the packet in hand (`packetInHand`, the rule the console's send controls follow: not in
 * Renewal due, whose signatures and proof of income are last year's), nothing missing, and a state that can move to
 * SUBMITTED.
 */
function assertSendable(app: Application, view: ApplicationView, latest: ApplicationSubmission | undefined) {
  if (latest?.status === 'QUEUED' || app.state === 'SUBMITTED')
    throw conflict(SUBMISSION_MESSAGES.alreadySent, 'already-submitted');
  assertGoesAsPacket(app, SUBMISSION_MESSAGES.noPacket);
  if (!packetInHand(app, latest ?? null))
    throw conflict(SUBMISSION_MESSAGES.cannotSubmit(stateLabel(app.state)), 'illegal-transition');
  if (view.missingForSubmission.length) {
    throw new ApiError(409, 'packet-incomplete', SUBMISSION_MESSAGES.incomplete, undefined, undefined, {
      missing: view.missingForSubmission,
    });
  }
  if (!canTransition(app.state, 'SUBMITTED'))
    throw conflict(SUBMISSION_MESSAGES.cannotSubmit(stateLabel(app.state)), 'illegal-transition');
}

/**
 * A failed fax goes out again as its next attempt (a new effect of its own, docs/architecture.md §6), in the caller's
 * transaction with the application locked and its view read: only the application's latest submission, to the number
 * its program has now, and only as a first send would go (`assertSendable`).
 */
export async function retryFax(manager: EntityManager, view: ApplicationView, submissionId: string) {
  const found = await applicationWithMedication(manager, view.id, { lock: true });
  const submission = isUuid(submissionId) ? await lockSubmission(manager, submissionId) : null;
  if (!submission || submission.applicationId !== view.id) throw notFound('Submission');
  if (submission.status !== 'FAILED') throw conflict(SUBMISSION_MESSAGES.notFailed, 'not-failed');
  const latest = (await latestSubmissions(manager, [view.id])).get(view.id);
  if (latest?.id !== submission.id) throw conflict(SUBMISSION_MESSAGES.notLatest, 'not-latest');
  assertSendable(found.app, view, latest);
  if (programOf(found.app)?.application.submitTo.fax !== submission.toAddress)
    throw conflict(SUBMISSION_MESSAGES.programChanged, 'program-changed');
  const next = { status: 'QUEUED' as const, failureReason: null, attempt: submission.attempt + 1 };
  await updateSubmission(manager, submission.id, next);
  await queueFax(manager, found, { ...submission, ...next });
  return { ...submission, ...next };
}

/** The fax's job for the worker, with the push that shows the navigators its status. */
async function queueFax(
  manager: EntityManager,
  { app, medication }: { app: Application; medication: string },
  submission: Pick<ApplicationSubmission, 'id' | 'attempt'>,
) {
  await appendToOutbox(
    manager,
    'application.fax_queued',
    { applicationId: app.id, userId: app.userId, submissionId: submission.id, attempt: submission.attempt },
    app.userId,
    applicationPush(toApplicationUpdate(app, medication, null)),
  );
}

/**
 * Why a queued fax must no longer leave, or null: its application was cancelled or closed, moved where it cannot be
 * sent from, or given another program, since it was queued, or its packet is no longer complete; its packet, with the
 * patient's health data, goes nowhere then.
 */
export async function faxNoLongerWanted(
  manager: EntityManager,
  submission: Pick<ApplicationSubmission, 'applicationId' | 'toAddress'>,
  facts: EligibilityFactsStore,
): Promise<string | null> {
  const { app } = await applicationWithMedication(manager, submission.applicationId, { lock: false });
  // Cancelled or closed, or moved on by hand (sent by mail, say) since it was queued.
  if (!canTransition(app.state, 'SUBMITTED')) return SUBMISSION_MESSAGES.faxNotSentClosed(stateLabel(app.state));
  if (programOf(app)?.application.submitTo.fax !== submission.toAddress) return SUBMISSION_MESSAGES.faxNotSentProgram;
  // Something the packet needs went since (a document the patient deleted, a signature a changed fact undid): the
  // packet never goes without it (docs/product.md §6.4, §17); Retry sends it once it is complete again.
  const [view] = await applicationViews(manager, [app], facts);
  if (view.missingForSubmission.length) return SUBMISSION_MESSAGES.faxNotSentIncomplete;
  return null;
}

/**
 * The worker's outcome of one fax attempt, once: a later or repeated outcome of an attempt no longer QUEUED changes
 * nothing. Sent moves the application to SUBMITTED ("Sent to {program} by fax ({number})"); failed keeps the reason
 * for the navigator's Retry, and a document the renderer could not turn into pages is recorded so: the patient is
 * asked for it again, saying why, as a navigator's ask is emailed (docs/product.md §11, §17). Either way the screens
 * are told.
 */
export async function recordFaxOutcome(
  manager: EntityManager,
  submissionId: string,
  attempt: number,
  outcome: { sent: true } | { sent: false; reason: string; unfaxableDocumentId?: string },
): Promise<void> {
  const submission = await lockSubmission(manager, submissionId);
  if (!submission || submission.status !== 'QUEUED' || submission.attempt !== attempt) return;
  const found = await applicationWithMedication(manager, submission.applicationId, { lock: true });
  // The submission's new status alone, with no move of the application to carry it to the screens.
  const tellScreens = () =>
    appendToOutbox(
      manager,
      'application.submission_updated',
      { applicationId: found.app.id, userId: found.app.userId },
      found.app.userId,
      applicationPush(toApplicationUpdate(found.app, found.medication, null)),
    );
  if (!outcome.sent) {
    await updateSubmission(manager, submission.id, { status: 'FAILED', failureReason: outcome.reason.slice(0, 500) });
    if (!outcome.unfaxableDocumentId) await tellScreens();
    else {
      await recordUnfaxable(manager, outcome.unfaxableDocumentId);
      await announceChecklistChange(manager, found.app, true);
    }
    return;
  }
  await updateSubmission(manager, submission.id, { status: 'SENT', sentAt: new Date() });
  const program = programOf(found.app);
  // A navigator may have moved the case meanwhile: the fax went out all the same, and the state stays theirs.
  if (!canTransition(found.app.state, 'SUBMITTED')) {
    await tellScreens();
    return;
  }
  await changeApplicationState(manager, {
    applicationId: found.app.id,
    toState: 'SUBMITTED',
    note: SUBMISSION_MESSAGES.sentByFax(program?.name ?? 'the program', submission.toAddress),
    actor: { id: null, role: 'SYSTEM' },
  });
}
