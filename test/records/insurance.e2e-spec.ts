import { INSURANCE_PROVIDER_NAMES, MESSAGES } from '@rxbridge/contracts';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { newPatient, type Api } from './helpers';

let stack: TestStack;
let api: Api;

beforeAll(async () => {
  stack = await startStack({ withWorker: false });
  api = apiClient(stack.apiUrl);
});
afterAll(async () => {
  await stack?.close();
});

describe('insurance', () => {
  it('lists what signup added, adds from the provider list with its coverage type, and deletes', async () => {
    const p = await newPatient(api, { insurances: [{ provider: 'Aetna' }] });
    const first = await api.get('/insurance', p.token);
    expect(first.status).toBe(200);
    expect(first.body.data.insurances).toEqual([
      expect.objectContaining({
        provider: 'Aetna',
        coverageType: 'Commercial Insurance',
        policyNumber: null,
        documentUrl: null,
      }),
    ]);

    const added = await api.post('/insurance', { provider: 'Medicare' }, p.token);
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Insurance added');
    expect(added.body.data.insurance).toMatchObject({
      provider: 'Medicare',
      coverageType: 'Medicare',
      groupNumber: null,
    });
    expect(typeof added.body.data.insurance.createdAt).toBe('string');

    const chosen = await api.post(
      '/insurance',
      { provider: 'Other', coverageType: 'Health Share Program', policyNumber: ' P-1 ' },
      p.token,
    );
    expect(chosen.body.data.insurance).toMatchObject({
      provider: 'Other',
      coverageType: 'Health Share Program',
      policyNumber: 'P-1',
    });

    const list = await api.get('/insurance', p.token);
    expect(list.body.data.insurances.map((i: { provider: string }) => i.provider)).toEqual([
      'Aetna',
      'Medicare',
      'Other',
    ]);

    const removed = await api.delete(`/insurance/${added.body.data.insurance.id}`, p.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, data: { success: true }, message: 'Insurance deleted' });
    expect((await api.get('/insurance', p.token)).body.data.insurances).toHaveLength(2);
    expect((await api.delete(`/insurance/${added.body.data.insurance.id}`, p.token)).status).toBe(404);
  });

  it('accepts every provider of the shared list', async () => {
    const p = await newPatient(api);
    for (const provider of INSURANCE_PROVIDER_NAMES) {
      expect((await api.post('/insurance', { provider }, p.token)).status).toBe(201);
    }
    expect(INSURANCE_PROVIDER_NAMES).toEqual(
      expect.arrayContaining([
        'Aetna',
        'Anthem',
        'Blue Cross Blue Shield',
        'Cigna',
        'Humana',
        'Kaiser Permanente',
        'UnitedHealthcare',
        'Medicare',
        'Medicaid',
        'Tricare',
        'Other',
      ]),
    );
  });

  it.each([
    ['provider', {}, MESSAGES.insuranceProviderRequired],
    ['provider', { provider: '' }, MESSAGES.insuranceProviderRequired],
    ['provider', { provider: 'Acme Health' }, MESSAGES.insuranceProviderRequired],
    ['coverageType', { provider: 'Aetna', coverageType: 'Gold' }, 'Please choose a coverage type from the list'],
    [
      'policyNumber',
      { provider: 'Aetna', policyNumber: 'x'.repeat(101) },
      'Policy number must be at most 100 characters',
    ],
  ])('refuses a bad %s with 400', async (field, body, message) => {
    const p = await newPatient(api);
    const res = await api.post('/insurance', body, p.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error!.fields![field]).toBe(message);
    expect((await api.get('/insurance', p.token)).body.data.insurances).toEqual([]);
  });
});
