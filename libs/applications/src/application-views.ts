import type { EntityManager } from 'typeorm';
import {
  SUBMISSION_MESSAGES,
  type AdminApplicationView,
  type ApplicationDocumentItem,
  type ApplicationTimelineEntry,
  type ApplicationView,
  type Language,
  type WorkQueueItem,
} from '@rxbridge/contracts';
import {
  DOCUMENT_KINDS,
  applicationRoutes,
  entryEligibility,
  findCatalogueEntry,
  documentLabel,
  inkSignatureNeeded,
  missingDocuments,
  missingForSubmission,
  patientSignatureNeeded,
  nextStates,
  nextStepFor,
  programChecklist,
  ANY_PATIENT,
  shipToOf,
  stateLabel,
  toEntryRef,
  UNKNOWN_PATIENT,
  type DocumentKind,
} from '@rxbridge/domain';
import type { Application } from '@rxbridge/database';
import type { EligibilityFactsStore } from './eligibility-facts';
import { canBeFaxed } from './faxable-documents';
import { summaryRowsOf, viewRowsOf, type NavigatorRows } from './application-views.repository';
import { prescriberRequestStatuses } from './prescriber.repository';
import { signaturesOf } from './signatures';
import { toSubmissionView } from './submissions.repository';
import { timelineNoteIn } from './timeline-notes';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/**
 * A received item whose attached document the fax cannot carry (docs/product.md §17): by its type (canBeFaxed), or a
 * file the packet's renderer found it could not turn into pages (a damaged or password-protected PDF).
 */
const notFaxable = (d: DocumentRow) =>
  d.status === 'RECEIVED' && d.mimeType !== null && (!canBeFaxed(d.mimeType) || d.unfaxable);
const byKind = (a: { kind: string }, b: { kind: string }) =>
  DOCUMENT_KINDS.indexOf(a.kind as DocumentKind) - DOCUMENT_KINDS.indexOf(b.kind as DocumentKind);

type DocumentRow = Awaited<ReturnType<typeof summaryRowsOf>>['documents'][number];
type PatientContexts = ReturnType<EligibilityFactsStore['contextsOf']>;
/** What every view shows of an application beyond a patient's view: WorkQueueItem, less the navigator's parts. */
type ApplicationSummary = Omit<WorkQueueItem, 'patient' | 'prescriberRequest'>;

/**
 * What every view and the work queue's row share, computed once for both: the program (a navigator may
 * set any route's entry, docs/product.md §19) and its verdict from the patient's current facts
 * (docs/architecture.md §14), and the checklist in the program's own order and labels (proof of income
 * first), or the default checklist's. `withRoutes`: a view also shows the routes, screened once for both.
 */
function summaryOf(
  a: Application,
  rows: { documents: DocumentRow[]; medications: Map<string, string> },
  patients: PatientContexts,
  language: Language,
  withRoutes = false,
) {
  const entry = a.programId ? (findCatalogueEntry(a.programId) ?? null) : null;
  const program = entry?.kind === 'PAP' ? entry : null;
  const programItems = program ? programChecklist(program, ANY_PATIENT) : [];
  const rank = (kind: string) => {
    const i = programItems.findIndex((p) => p.kind === kind);
    return i >= 0 ? i : programItems.length + DOCUMENT_KINDS.indexOf(kind as DocumentKind);
  };
  // In English the program's own wording of each item; in another language the item's name in it
  // (docs/product.md §20), as the packet's cover page prints it.
  const label = (kind: string) =>
    (language === 'en' ? programItems.find((p) => p.kind === kind)?.label : undefined) ??
    documentLabel(kind as DocumentKind, language);
  const rowsOf = rows.documents
    .filter((d) => d.applicationId === a.id)
    .sort(program ? (x, y) => rank(x.kind) - rank(y.kind) : byKind);
  const items: ApplicationDocumentItem[] = rowsOf.map((d) => ({
    kind: d.kind,
    label: label(d.kind),
    status: d.status,
    documentId: d.documentId,
    receivedAt: iso(d.receivedAt),
    // Our own note (a renewal's carried-over item) in the reader's language; a navigator's stays as written.
    note: d.note ? timelineNoteIn(d.note, language) : null,
    cannotBeFaxed: notFaxable(d),
  }));
  const missing = program
    ? items.filter((i) => i.status === 'MISSING').map((i) => i.kind as DocumentKind)
    : missingDocuments(
        items.map((i) => i.kind as DocumentKind),
        items.filter((i) => i.status === 'RECEIVED').map((i) => i.kind as DocumentKind),
      );
  // Received, but in a file the fax cannot carry: the patient still has to give it (docs/product.md §17).
  const unfaxable = rowsOf.filter(notFaxable).map((d) => ({ kind: d.kind, title: d.documentTitle! }));
  const toGive = new Set<string>([...missing, ...unfaxable.map((d) => d.kind)]);
  const medication = rows.medications.get(a.id)!;
  const patient = patients.get(a.userId) ?? UNKNOWN_PATIENT;
  const routes = withRoutes ? applicationRoutes(medication, patient, language) : undefined;
  const summary: ApplicationSummary = {
    id: a.id,
    medication,
    state: a.state,
    program: entry ? toEntryRef(entry) : null,
    eligibility: entryEligibility(entry, medication, patient, language, routes),
    renewalOf: a.renewalOf,
    renewsEnrollmentEndingOn: a.renewsEnrollmentEndingOn,
    missingDocuments: items.filter((i) => toGive.has(i.kind)).map(({ kind }) => ({ kind, label: label(kind) })),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
  return { summary, program, items, missing, unfaxable, label, routes };
}

/** Each navigator's view or row (in the order of `apps`) with its patient's name and latest prescriber request. */
function withNavigatorParts<V>(apps: Application[], views: V[], rows: NavigatorRows) {
  const patients = new Map(rows.patients.map((u) => [u.id, u]));
  const requests = prescriberRequestStatuses(rows.prescriberRequests);
  return views.map((view, i) => {
    const { id, firstName, lastName, email } = patients.get(apps[i].userId)!;
    return {
      ...view,
      patient: { id, firstName, lastName, email },
      prescriberRequest: requests.get(apps[i].id) ?? null,
    };
  });
}

/** The work queue's rows: one statement, none of the timelines a view reads. */
export async function applicationSummaries(
  manager: EntityManager,
  apps: Application[],
  facts: EligibilityFactsStore,
): Promise<WorkQueueItem[]> {
  if (!apps.length) return [];
  const rows = await summaryRowsOf(manager, apps);
  const patients = facts.contextsOf(rows.contexts);
  const summaries = apps.map((a) => summaryOf(a, rows, patients, 'en').summary);
  return withNavigatorParts(apps, summaries, rows);
}

/** A navigator's views of the applications: a patient's views with the navigator's parts, in the same one statement. */
export async function navigatorViews(
  manager: EntityManager,
  apps: Application[],
  facts: EligibilityFactsStore,
): Promise<AdminApplicationView[]> {
  if (!apps.length) return [];
  const rows = await viewRowsOf(manager, apps, true);
  return withNavigatorParts(apps, await viewsFrom(manager, apps, facts, 'en', rows), rows);
}

/**
 * Builds the views of the given applications with a fixed number of queries, whatever their number. Program and
 * verdict are computed here from the patient's current facts (docs/architecture.md §14), so they never go stale.
 */
export async function applicationViews(
  manager: EntityManager,
  apps: Application[],
  facts: EligibilityFactsStore,
  /** The language of the eligibility reasons and the checklist's names (docs/product.md, Languages). */
  language: Language = 'en',
): Promise<ApplicationView[]> {
  if (!apps.length) return [];
  return viewsFrom(manager, apps, facts, language, await viewRowsOf(manager, apps));
}

async function viewsFrom(
  manager: EntityManager,
  apps: Application[],
  facts: EligibilityFactsStore,
  language: Language,
  rows: Awaited<ReturnType<typeof viewRowsOf>>,
): Promise<ApplicationView[]> {
  const { transitions, shipments, actors, submissions } = rows;
  const actorNames = new Map(actors.map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
  const patients = facts.contextsOf(rows.contexts);
  const signatures = await signaturesOf(manager, apps, facts, rows.signatures);

  return apps.map((a) => {
    const { summary, program, items, missing, unfaxable, label, routes } = summaryOf(a, rows, patients, language, true);
    const shipTo = program ? shipToOf(program.application.shipTo, a.shipTo) : null;
    const timeline: ApplicationTimelineEntry[] = transitions
      .filter((t) => t.applicationId === a.id)
      .map((t) => ({
        id: t.id,
        fromState: t.fromState,
        toState: t.toState,
        stateLabel: stateLabel(t.toState),
        note: timelineNoteIn(t.note, language),
        actorRole: t.actorRole,
        actorName: t.actorId ? (actorNames.get(t.actorId) ?? null) : null,
        details: t.details,
        at: t.createdAt.toISOString(),
      }));
    return {
      ...summary,
      prescriptionId: a.prescriptionId,
      stateLabel: stateLabel(a.state),
      nextStep: nextStepFor(a.state),
      nextStates: [...nextStates(a.state)],
      enrollmentStartDate: a.enrollmentStartDate,
      enrollmentEndDate: a.enrollmentEndDate,
      enrollment:
        a.enrollmentStartDate && a.enrollmentEndDate
          ? { startsOn: a.enrollmentStartDate, endsOn: a.enrollmentEndDate, estimated: a.enrollmentEstimated }
          : null,
      shipments: shipments
        .filter((s) => s.applicationId === a.id)
        .map((s) => ({
          id: s.id,
          shipmentDate: s.shipmentDate,
          daysOfSupply: s.daysOfSupply,
          refillDueAt: s.refillDueAt,
          createdAt: s.createdAt.toISOString(),
        })),
      documents: items,
      programOverridden: a.programOverridden,
      routes: routes!,
      signatures: signatures.get(a.id)!,
      shipTo,
      shipToChoices: program ? [...program.application.shipTo] : [],
      patientSignatureNeeded: patientSignatureNeeded(program?.application ?? null),
      inkSignatureNeeded: inkSignatureNeeded(program?.application ?? null),
      missingForSubmission: missingForSubmission({
        requirements: program?.application ?? null,
        signatures: signatures.get(a.id)!,
        missingDocuments: [
          ...missing.map((kind) => label(kind)),
          ...unfaxable.map((d) => SUBMISSION_MESSAGES.cannotBeFaxed(d.title)),
        ],
        shipTo,
      }),
      submission: submissions.has(a.id) ? toSubmissionView(submissions.get(a.id)!) : null,
      timeline,
    };
  });
}
