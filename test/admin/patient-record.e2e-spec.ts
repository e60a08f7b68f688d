import { DataSource } from 'typeorm';
import type { AdminPatientRecord } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { CARDS, eventually, payCheckout } from '../support/billing';
import { driveTo, move, newNavigator, newPatientWithApplications, type Api } from '../applications/helpers';

let stack: TestStack;
let api: Api;
beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
});
afterAll(() => stack?.close());

const record = async (token: string, patientId: string) =>
  (await api.get<AdminPatientRecord>(`/admin/patients/${patientId}`, token)).body.data;

describe("a patient's record for navigators (GET /admin/patients/{id})", () => {
  it('includes the subscription and the payments, as the patient sees them, and audits the read', async () => {
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Eliquis', 'Ozempic']);

    const fresh = await record(navigator.token, patient.id);
    expect(fresh.subscriptions).toEqual([
      expect.objectContaining({
        tier: 'ONGOING_CARE',
        status: 'PENDING_PAYMENT',
        totalAmount: 4900,
        prescriptionCount: 2,
      }),
    ]);
    expect(fresh.payments).toEqual([]);
    expect(fresh.paymentCount).toBe(0);

    const started = await api.post('/subscriptions', {}, patient.token);
    expect((await payCheckout(started.body.data.checkoutUrl, CARDS.ok)).status).toBe(303);
    await driveTo(api, navigator.token, patient.applications[0].id, 'SHIPMENT_SCHEDULED');
    const charged = await eventually(async () => {
      const r = await record(navigator.token, patient.id);
      return r.payments.length === 1 && r.subscriptions[0].status === 'ACTIVE' ? r : undefined;
    }, 'the first charge in the record');

    // The same views the patient's own billing endpoints answer.
    const own = (await api.get('/subscriptions/active', patient.token)).body.data.subscriptions;
    const ownPayments = (await api.get('/subscriptions/payments', patient.token)).body.data.payments;
    expect(charged.subscriptions).toEqual(own);
    expect(charged.payments).toEqual(ownPayments);
    expect(charged.payments[0]).toMatchObject({ status: 'SUCCEEDED', amount: 4900 });
    expect(charged.subscriptions[0]).toMatchObject({
      status: 'ACTIVE',
      totalAmount: 4900,
      paymentMethod: { last4: '4242' },
    });
    expect(charged.paymentCount).toBe(1);

    const audits = await stack.api
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1 AND subject_user_id = $2 AND action = 'patient.read'`,
        [navigator.id, patient.id],
      );
    expect(audits[0].n).toBeGreaterThanOrEqual(2);
  });

  it('answers a cancelled plan with no open subscription, and keeps it from patients', async () => {
    const navigator = await newNavigator(stack, api);
    const patient = await newPatientWithApplications(api, ['Humira']);
    const [sub] = (await api.get('/subscriptions/active', patient.token)).body.data.subscriptions;
    expect((await api.delete(`/subscriptions/${sub.id}`, patient.token)).status).toBe(200);
    expect((await record(navigator.token, patient.id)).subscriptions).toEqual([]);
    expect((await api.get(`/admin/patients/${patient.id}`, patient.token)).status).toBe(403);
  });
});

it('finds a patient and an application by ids in capitals, as the database does', async () => {
  const navigator = await newNavigator(stack, api);
  const patient = await newPatientWithApplications(api, ['Eliquis']);
  const [app] = patient.applications;
  const shouted = { patient: patient.id.toUpperCase(), application: app.id.toUpperCase() };
  const read = await api.get<AdminPatientRecord>(`/admin/patients/${shouted.patient}`, navigator.token);
  expect(read.status).toBe(200);
  expect(read.body.data.patient.id).toBe(patient.id);
  const opened = await api.get(`/admin/applications/${shouted.application}`, navigator.token);
  expect(opened.status).toBe(200);
  expect(opened.body.data.application.id).toBe(app.id);
  expect((await move(api, navigator.token, shouted.application, 'AWAITING_DOCUMENTS')).status).toBe(200);
});
