import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ensureAccount } from '@rxbridge/accounts';
import type {
  AdminApplicationView,
  ApplicationState,
  ApplicationView,
  SocketApplicationChanged,
  SocketApplicationUpdated,
} from '@rxbridge/contracts';
import { SOCKET_EVENTS } from '@rxbridge/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { APPLICATION_TRANSITIONS, addDays, askedDay, toIsoDate } from '@rxbridge/domain';
import { QUEUES } from '@rxbridge/events';
import type { TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newSignup, PASSWORD } from '../support/factories';
import { waitForQueuesIdle } from '../support/idle';
import { eventually } from '../support/wait';
import { upload, type UploadInput } from '../records/helpers';
import type { ClientSocket } from '../support/sockets';

export { eventually };
export { connectSocket, type ClientSocket } from '../support/sockets';

export type Api = ReturnType<typeof apiClient>;

/** A navigator (or admin) made as the staff CLI makes one, logged in through /users/login. */
export async function newNavigator(stack: TestStack, api: Api, role: 'NAVIGATOR' | 'ADMIN' = 'NAVIGATOR') {
  const email = `nav.${randomBytes(4).toString('hex')}@rxbridge.test`;
  await ensureAccount(stack.api.get(DataSource), {
    email,
    password: PASSWORD,
    role,
    firstName: 'Nora',
    lastName: 'Navigator',
  });
  const login = await api.post('/users/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`navigator login answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { token: login.body.data.token as string, id: login.body.data.user.id as string, email };
}

/** A patient signed up with the given prescriptions; resolves once the worker opened every application. */
export async function newPatientWithApplications(
  api: Api,
  medications: string[],
  overrides: Record<string, unknown> = {},
) {
  const signup = newSignup({ prescriptions: medications.map((medication) => ({ medication })), ...overrides });
  // Each patient signs up from an address of their own, as in life (signups are rate-limited per address).
  const res = await api.post('/users/signup', signup, undefined, { 'X-Forwarded-For': randomAddress() });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  const token = res.body.data.token as string;
  const applications = await waitForApplications(api, token, medications.length);
  const { refreshToken, expiresIn } = res.body.data as { refreshToken: string; expiresIn: number };
  const ids = { id: res.body.data.user.id as string, email: signup.email, firstName: signup.firstName };
  return { token, refreshToken, expiresIn, ...ids, applications };
}

export async function waitForApplications(api: Api, token: string, count: number): Promise<ApplicationView[]> {
  return eventually(async () => {
    const res = await api.get('/applications', token);
    return res.status === 200 && res.body.data.applications.length >= count
      ? (res.body.data.applications as ApplicationView[])
      : undefined;
  }, `${count} applications`);
}

const randomAddress = () => `10.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 250)).join('.')}`;
const today = () => toIsoDate(new Date());

/** The details a move into `state` needs: enrollment dates or a shipment. */
export function detailsFor(state: ApplicationState): Record<string, unknown> {
  if (state === 'APPROVED') return { enrollmentStartsOn: today(), enrollmentEndsOn: toIsoDate(addDays(today(), 300)) };
  if (state === 'SHIPMENT_SCHEDULED') return { shipmentDate: today(), daysOfSupply: 90 };
  return {};
}

/** The shortest path of legal moves from INTAKE to `target`, from libs/domain's table. */
export function pathTo(target: ApplicationState): ApplicationState[] {
  const previous = new Map<ApplicationState, ApplicationState>();
  const queue: ApplicationState[] = ['INTAKE'];
  const seen = new Set<ApplicationState>(queue);
  while (queue.length) {
    const state = queue.shift()!;
    if (state === target) break;
    for (const next of APPLICATION_TRANSITIONS[state]) {
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, state);
      queue.push(next);
    }
  }
  const path: ApplicationState[] = [];
  for (let s: ApplicationState | undefined = target; s && s !== 'INTAKE'; s = previous.get(s)) path.unshift(s);
  return path;
}

/** A navigator's move over HTTP. */
export function move(
  api: Api,
  token: string,
  applicationId: string,
  toState: ApplicationState,
  extra: Record<string, unknown> = {},
) {
  return api.post<{ application: AdminApplicationView }>(
    `/admin/applications/${applicationId}/transitions`,
    { toState, note: `Moving to ${toState}`, ...detailsFor(toState), ...extra },
    token,
  );
}

/** Drives an application from INTAKE to `target` along legal moves, failing on any refusal. */
export async function driveTo(api: Api, token: string, applicationId: string, target: ApplicationState): Promise<void> {
  for (const state of pathTo(target)) {
    const res = await move(api, token, applicationId, state);
    if (res.status !== 200) throw new Error(`move to ${state} answered ${res.status}: ${res.body.message}`);
  }
}

/**
 * Drives an application to Submitted and approves it with an enrollment ending in 40 days, so that its renewal opens
 * at once (its day, 45 days before the end, is past: docs/product.md §18); answers the renewal once open.
 */
export async function approvedWithRenewal(
  api: Api,
  navigatorToken: string,
  patientToken: string,
  applicationId: string,
): Promise<ApplicationView> {
  await driveTo(api, navigatorToken, applicationId, 'SUBMITTED');
  const endsOn = toIsoDate(addDays(new Date(), 40));
  const approved = await move(api, navigatorToken, applicationId, 'APPROVED', { enrollmentEndsOn: endsOn });
  if (approved.status !== 200) throw new Error(`approval answered ${approved.status}: ${approved.body.message}`);
  return eventually(async () => {
    const apps = (await api.get<{ applications: ApplicationView[] }>('/applications', patientToken)).body.data;
    return apps.applications.find((a) => a.renewalOf === applicationId);
  }, 'the renewal to open');
}

/** Collects every application.updated a socket receives. */
export function recordUpdates(socket: ClientSocket): SocketApplicationUpdated[] {
  const seen: SocketApplicationUpdated[] = [];
  socket.on(SOCKET_EVENTS.applicationUpdated, (u) => seen.push(u));
  return seen;
}

/** Collects every application.changed a staff socket receives (the navigators' room: ids only). */
export function recordChanges(socket: ClientSocket): SocketApplicationChanged[] {
  const seen: SocketApplicationChanged[] = [];
  socket.on(SOCKET_EVENTS.applicationChanged, (u) => seen.push(u));
  return seen;
}

/** The first recorded update (or change) matching `match`, waiting up to `timeoutMs`. */
export function waitForUpdate<T extends SocketApplicationUpdated | SocketApplicationChanged>(
  seen: T[],
  match: (u: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  return eventually(async () => seen.find(match), 'an application.updated or application.changed event', timeoutMs);
}

/** The patient uploads a file and attaches it to the item `kind` of an application, in place of what it held. */
export async function attachUpload(
  stack: TestStack,
  token: string,
  applicationId: string,
  kind: string,
  file: UploadInput,
): Promise<string> {
  const uploaded = await upload(stack, token, file);
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
  const documentId = uploaded.body.data.document.id as string;
  const attached = await apiClient(stack.apiUrl).post(
    `/applications/${applicationId}/documents`,
    { kind, documentId },
    token,
  );
  if (attached.status !== 201) throw new Error(`attaching answered ${attached.status}`);
  return documentId;
}

/** The application's submission once the worker is done with its fax attempt (sent or failed), its queues idle. */
export async function faxAttemptEnded(stack: TestStack, navigatorToken: string, applicationId: string) {
  const api = apiClient(stack.apiUrl);
  const submission = await eventually(
    async () => {
      const view = (await api.get(`/admin/applications/${applicationId}`, navigatorToken)).body.data
        .application as AdminApplicationView;
      return view.submission && view.submission.status !== 'QUEUED' && view.submission;
    },
    'the fax attempt to end',
    30_000,
  );
  await waitForQueuesIdle(stack, 30_000);
  return submission;
}

/** The faxes the test gateway took for an application, to `fax` (E.164), as the sending specs count them (§17). */
export const faxesTo = (stack: TestStack, fax: string, applicationId: string) =>
  stack.mail
    .messages()
    .filter(
      (m) => m.to.includes(`${fax.slice(1)}@fax.rxbridge.local`) && m.subject.includes(applicationId.slice(0, 8)),
    );

/** A navigator's view of an application. */
export async function staffViewOf(stack: TestStack, navigatorToken: string, applicationId: string) {
  const res = await apiClient(stack.apiUrl).get(`/admin/applications/${applicationId}`, navigatorToken);
  return res.body.data.application as AdminApplicationView;
}

/** The patient's own view of one of their applications. */
export async function patientViewOf(stack: TestStack, token: string, applicationId: string) {
  const res = await apiClient(stack.apiUrl).get('/applications', token);
  return (res.body.data.applications as ApplicationView[]).find((a) => a.id === applicationId)!;
}

/** Runs `fn` with the stack's timers queue (BullMQ), closed after. */
export async function withTimers<T>(stack: TestStack, fn: (timers: Queue) => Promise<T>): Promise<T> {
  const connection = new Redis(stack.settings.REDIS_URL, { maxRetriesPerRequest: 1 });
  const timers = new Queue(QUEUES.timers, { connection, prefix: stack.settings.REDIS_PREFIX });
  try {
    return await fn(timers);
  } finally {
    await timers.close();
    connection.disconnect();
  }
}

/** Resolves once the asked-documents timer of the application, for an ask made since `since`, has run (§11). */
export const askedTimerRan = (stack: TestStack, applicationId: string, since: Date) =>
  withTimers(stack, async (timers) => {
    // The ask's UTC day: the test's start's, or the next one's if it ran over midnight.
    const ids = [...new Set([since, new Date()].map((at) => `asked-${applicationId}-${askedDay(at)}`))];
    const ran = async () => (await Promise.all(ids.map((id) => timers.getJobState(id)))).includes('completed');
    await eventually(ran, 'the asked timer to run', 20_000);
  });
