import type { EntityManager } from 'typeorm';
import { toApplicationUpdate } from './application-push';
import { LATEST_SUBMISSIONS_SQL } from './submissions.repository';
import { LATEST_SIGNATURES_SQL, type SignatureRow } from './signatures.repository';
import { SCREENING_CONTEXT_ROWS, type ScreeningContextRow } from './eligibility-facts.repository';
import { LATEST_PRESCRIBER_REQUESTS_SQL, type PrescriberRequestRow } from './prescriber.repository';
import type { SocketApplicationUpdated } from '@rxbridge/contracts';
import {
  Application,
  ApplicationDocument,
  ApplicationShipment,
  ApplicationSubmission,
  ApplicationTransition,
  BatchedRead,
  SharedRead,
  User,
  prepared,
  runPrepared,
} from '@rxbridge/database';

/**
 * The medication the patient sees, as SQL over `applications a LEFT JOIN prescriptions p ON
 * p.id = a.prescription_id`: the prescription's current name (they may fix a typo), or the name
 * kept on the application once the prescription was removed. Every read of it uses this one rule.
 */
export const SHOWN_MEDICATION = 'CASE WHEN p.user_id = a.user_id THEN p.medication ELSE a.medication END';

// Every screen and every navigator move reads these: prepared statements with the entities' field
// names, since TypeORM's query building and hydration, and PostgreSQL's planning of each call, cost
// more than the queries (docs/architecture.md §15).
const MEDICATION_ROWS = `SELECT a.id, ${SHOWN_MEDICATION} AS medication
     FROM applications a LEFT JOIN prescriptions p ON p.id = a.prescription_id
    WHERE a.id = ANY($1::uuid[])`;
const MEDICATIONS = prepared('application-medications', MEDICATION_ROWS);

/**
 * The checklist's rows (with the attached document's type and title: whether it can be faxed, docs/product.md §17),
 * the medications shown and the patients' screening contexts: what the work queue's row reads too.
 */
const SUMMARY_PARTS = `(SELECT coalesce(json_agg(d), '[]') FROM (
        SELECT ad.application_id AS "applicationId", ad.kind, ad.document_id AS "documentId", ad.status,
               ad.received_at AS "receivedAt", ad.note, doc.mime_type AS "mimeType", doc.title AS "documentTitle",
               doc.unfaxable_at IS NOT NULL AS "unfaxable"
          FROM application_documents ad LEFT JOIN documents doc ON doc.id = ad.document_id
         WHERE ad.application_id = ANY($1::uuid[])) d) AS documents,
     (SELECT coalesce(json_agg(m), '[]') FROM (${MEDICATION_ROWS}) m) AS medications,
     (SELECT coalesce(json_agg(c), '[]') FROM (${SCREENING_CONTEXT_ROWS}) c) AS contexts`;
/** What only a navigator's view and row show: the patient's name and email, the latest prescriber request. */
const NAVIGATOR_PARTS = `(SELECT coalesce(json_agg(n), '[]') FROM (
        SELECT id, first_name AS "firstName", last_name AS "lastName", email FROM users
         WHERE id IN (SELECT user_id FROM applications WHERE id = ANY($1::uuid[]))) n) AS patients,
     (SELECT coalesce(json_agg(r), '[]') FROM (${LATEST_PRESCRIBER_REQUESTS_SQL}) r) AS "prescriberRequests"`;
const SUMMARY_ROWS = prepared('application-summary-rows', `SELECT ${SUMMARY_PARTS}, ${NAVIGATOR_PARTS}`);

/**
 * Everything an application's view shows beyond its own row, for many applications ($1) in one
 * statement: each part is a JSON array, so a view costs one round trip instead of eight (ten for a
 * navigator's, with NAVIGATOR_PARTS), which under load is most of what PostgreSQL and the API spend
 * on it (docs/architecture.md §15).
 */
const viewRows = (name: string, navigator: string) =>
  prepared(
    name,
    `SELECT
     (SELECT coalesce(json_agg(t ORDER BY t."createdAt", t.id), '[]') FROM (
        SELECT id, application_id AS "applicationId", from_state AS "fromState", to_state AS "toState",
               actor_id AS "actorId", actor_role AS "actorRole", note, details, created_at AS "createdAt"
          FROM application_transitions WHERE application_id = ANY($1::uuid[])) t) AS transitions,
     (SELECT coalesce(json_agg(s ORDER BY s."createdAt", s.id), '[]') FROM (
        SELECT id, application_id AS "applicationId", shipment_date::text AS "shipmentDate",
               days_of_supply AS "daysOfSupply", refill_due_at::text AS "refillDueAt", created_at AS "createdAt"
          FROM application_shipments WHERE application_id = ANY($1::uuid[])) s) AS shipments,
     ${SUMMARY_PARTS},
     (SELECT coalesce(json_agg(g), '[]') FROM (${LATEST_SIGNATURES_SQL}) g) AS signatures,
     (SELECT coalesce(json_agg(u), '[]') FROM (
        SELECT id, first_name AS "firstName", last_name AS "lastName" FROM users
         WHERE id IN (SELECT actor_id FROM application_transitions WHERE application_id = ANY($1::uuid[]))) u) AS actors,
     (SELECT coalesce(json_agg(x), '[]') FROM (${LATEST_SUBMISSIONS_SQL}) x) AS submissions${navigator}`,
  );

/** JSON carries times as text: back to Dates, as the entities have them. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
const date = (s: string) => new Date(s);
const dateOrNull = (s: string | null) => (s === null ? null : new Date(s));

/** The medication shown for each application (SHOWN_MEDICATION), by application id, in one query. */
export async function medicationsOf(manager: EntityManager, apps: Application[]): Promise<Map<string, string>> {
  if (!apps.length) return new Map();
  const rows = await runPrepared<{ id: string; medication: string }>(manager, MEDICATIONS, [apps.map((a) => a.id)]);
  return shownMedications(apps, rows);
}

/** By application id; an application not yet written (or gone) keeps the name it holds. */
function shownMedications(apps: Application[], rows: { id: string; medication: string }[]): Map<string, string> {
  const shown = new Map(rows.map((r) => [r.id, r.medication]));
  return new Map(apps.map((a) => [a.id, shown.get(a.id) ?? a.medication]));
}

type TransitionRow = Omit<ApplicationTransition, 'application' | 'actor'>;
type ShipmentRow = Omit<ApplicationShipment, 'application' | 'transitionId' | 'transition'>;
type DocumentRow = Pick<
  ApplicationDocument,
  'applicationId' | 'kind' | 'documentId' | 'status' | 'receivedAt' | 'note'
> & {
  mimeType: string | null;
  documentTitle: string | null;
  /** The packet's renderer could not turn the attached file into fax pages (documents.unfaxable_at). */
  unfaxable: boolean;
};

interface SummaryJson {
  documents: Json<DocumentRow>[];
  medications: { id: string; medication: string }[];
  contexts: ScreeningContextRow[];
}
/** NAVIGATOR_PARTS, as read. */
export interface NavigatorRows {
  patients: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>[];
  prescriberRequests: PrescriberRequestRow[];
}
const documentRows = (rows: Json<DocumentRow>[]) =>
  rows.map((d): DocumentRow => ({ ...d, receivedAt: dateOrNull(d.receivedAt) }));
const summaryRows = (apps: Application[], row: SummaryJson) => ({
  documents: documentRows(row.documents),
  medications: shownMedications(apps, row.medications),
  contexts: row.contexts,
});

/**
 * What the work queue's row shows beyond the application's own: its checklist, medication and patient's context,
 * the patient's name and the latest prescriber request (SUMMARY_ROWS).
 */
export async function summaryRowsOf(manager: EntityManager, apps: Application[]) {
  const [row] = await runPrepared<SummaryJson & NavigatorRows>(manager, SUMMARY_ROWS, [apps.map((a) => a.id)]);
  return { ...summaryRows(apps, row), patients: row.patients, prescriberRequests: row.prescriberRequests };
}

type ViewJson = SummaryJson &
  Partial<NavigatorRows> & {
    transitions: Json<TransitionRow>[];
    shipments: Json<ShipmentRow>[];
    actors: Pick<User, 'id' | 'firstName' | 'lastName'>[];
    submissions: Json<ApplicationSubmission>[];
    signatures: SignatureRow[];
  };

/** A view statement's row with times as Dates: shaped once per batch, read by every caller of it. */
const shapeViewRows = (row: ViewJson) => ({
  documents: documentRows(row.documents),
  medications: row.medications,
  contexts: row.contexts,
  patients: row.patients ?? [],
  prescriberRequests: row.prescriberRequests ?? [],
  transitions: row.transitions.map((t): TransitionRow => ({ ...t, createdAt: date(t.createdAt) })),
  shipments: row.shipments.map((s): ShipmentRow => ({ ...s, createdAt: date(s.createdAt) })),
  actors: row.actors,
  signatures: row.signatures,
  submissions: row.submissions.map(
    (s) => ({ ...s, createdAt: date(s.createdAt), sentAt: dateOrNull(s.sentAt) }) as ApplicationSubmission,
  ),
});
// The views that requests ask for in one turn (each patient's dashboard, the navigators' move answers) are one
// statement over all their applications (SharedRead, docs/architecture.md §15).
const VIEW_ROWS = new SharedRead(viewRows('application-view-rows', ''), shapeViewRows);
const NAVIGATOR_VIEW_ROWS = new SharedRead(viewRows('navigator-view-rows', `, ${NAVIGATOR_PARTS}`), shapeViewRows);

/**
 * Everything an application's view shows beyond its own row, for many applications at once (VIEW_ROWS); for a
 * navigator's view, NAVIGATOR_PARTS too (`navigator`, else they are empty). Each caller gets only its own
 * applications' and patients' parts of the statement it shared.
 */
export async function viewRowsOf(manager: EntityManager, apps: Application[], navigator = false) {
  const shared = await (navigator ? NAVIGATOR_VIEW_ROWS : VIEW_ROWS).load(
    manager,
    apps.map((a) => a.id),
  );
  const ids = new Set(apps.map((a) => a.id));
  const users = new Set(apps.map((a) => a.userId));
  const own = <T extends { applicationId: string }>(rows: T[]) => rows.filter((r) => ids.has(r.applicationId));
  const transitions = own(shared.transitions);
  const actors = new Set(transitions.map((t) => t.actorId));
  return {
    documents: own(shared.documents),
    medications: shownMedications(apps, shared.medications),
    contexts: shared.contexts.filter((c) => users.has(c.id)),
    patients: shared.patients.filter((u) => users.has(u.id)),
    prescriberRequests: own(shared.prescriberRequests),
    transitions,
    shipments: own(shared.shipments),
    actors: shared.actors.filter((u) => actors.has(u.id)),
    signatures: own(shared.signatures),
    submissions: new Map(own(shared.submissions).map((s) => [s.applicationId, s])),
  };
}

/**
 * The patient's changes after `since`, oldest first, for a socket that reconnects. Looks a little
 * further back than asked: a transaction that began earlier may commit (and be pushed) later than
 * one the client already saw, and transitionId lets the client drop what it has.
 */
export async function applicationUpdatesSince(
  manager: EntityManager,
  userId: string,
  since: Date,
  opts: { overlapMs?: number; limit?: number } = {},
): Promise<SocketApplicationUpdated[]> {
  const from = new Date(since.getTime() - (opts.overlapMs ?? 10_000));
  const rows = await manager
    .createQueryBuilder(ApplicationTransition, 't')
    .innerJoinAndSelect('t.application', 'a')
    .where('a.user_id = :userId AND t.created_at > :from', { userId, from })
    .orderBy('t.created_at', 'ASC')
    .addOrderBy('t.id', 'ASC')
    .limit(opts.limit ?? 200)
    .getMany();
  const apps = [...new Map(rows.map((t) => [t.application!.id, t.application!])).values()];
  const medications = await medicationsOf(manager, apps);
  return rows.map((t) => toApplicationUpdate(t.application!, medications.get(t.applicationId)!, t));
}

type ApplicationNowRow = Pick<Application, 'id' | 'userId' | 'prescriptionId' | 'state'> & { medication: string };
// Read for every patient re-screened at once (BatchedRead): the worker runs several re-screenings
// side by side, and under a backlog their reads were one round trip each (docs/architecture.md §15).
const PATIENTS_APPLICATIONS_NOW = new BatchedRead<ApplicationNowRow>(
  prepared(
    'patients-applications-now',
    `SELECT a.id, a.user_id AS "userId", a.prescription_id AS "prescriptionId", a.state,
            ${SHOWN_MEDICATION} AS medication
       FROM applications a LEFT JOIN prescriptions p ON p.id = a.prescription_id
      WHERE a.user_id = ANY($1::uuid[]) ORDER BY a.created_at, a.id`,
  ),
  (row) => row.userId,
);

/**
 * The current state of each of a patient's applications as the sockets carry it, in one statement:
 * a re-screening tells every screen showing one of them to read it again (docs/architecture.md §8).
 */
export async function applicationUpdatesNow(
  manager: EntityManager,
  userId: string,
): Promise<SocketApplicationUpdated[]> {
  const rows = await PATIENTS_APPLICATIONS_NOW.load(manager, userId);
  return rows.map((row) => toApplicationUpdate(row as Application, row.medication, null));
}
