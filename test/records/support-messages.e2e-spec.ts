import type { Client } from 'pg';
import { startStack, type TestStack } from '../support/stack';
import { apiClient } from '../support/http';
import { waitForQueuesIdle } from '../support/idle';
import { newNavigator } from '../applications/helpers';
import { connectDb, newPatient, type Api } from './helpers';

// A patient's messages to support (docs/product.md §21): kept, listed to their patient only, announced to the
// support inbox and receipted to the patient by email without their content, and marked answered by a navigator.

let stack: TestStack;
let api: Api;
let db: Client;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.apiUrl);
  db = await connectDb(stack);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const verify = (userId: string) => db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);

const rowsOf = async (userId: string) =>
  (await db.query('SELECT subject, message FROM support_messages WHERE user_id = $1', [userId])).rows;

describe('a patient writes to support', () => {
  it('keeps the message, lists it newest first, and mails the inbox and a receipt that never repeat it', async () => {
    const patient = await newPatient(api);
    await verify(patient.id);
    const first = await api.post(
      '/support/messages',
      { subject: 'Card question', message: 'First one' },
      patient.token,
    );
    expect(first.status).toBe(201);
    const sent = await api.post(
      '/support/messages',
      { subject: '  Question about Eliquis ', message: 'When will my application be submitted?' },
      patient.token,
    );
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Message sent. A care navigator will reply within 24 hours.');
    expect(sent.body.data.message).toMatchObject({
      subject: 'Question about Eliquis',
      message: 'When will my application be submitted?',
      answeredAt: null,
    });

    const listed = await api.get('/support/messages', patient.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Question about Eliquis',
      'Card question',
    ]);

    await waitForQueuesIdle(stack);
    const inbox = stack.mail
      .messages()
      .filter((m) => m.to.includes('support@rxbridge.test') && m.text.includes(patient.id));
    expect(inbox).toHaveLength(2);
    expect(inbox[0].subject).toBe('A patient wrote to support');
    expect(inbox[0].text).toContain(`${stack.baseUrl}/navigator/patients/${patient.id}`);
    const receipts = stack.mail.messages().filter((m) => m.to.includes(patient.email));
    expect(receipts.filter((m) => m.subject === 'We received your message')).toHaveLength(2);
    // Health data stays in the record: neither email carries what the patient wrote.
    for (const mail of [...inbox, ...receipts]) {
      for (const text of ['Eliquis', 'submitted', 'Card question', 'First one']) {
        expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(text);
      }
    }
  });

  it('answers in Spanish, and receipts in the language the patient chose', async () => {
    const patient = await newPatient(api, { preferredLanguage: 'es' });
    await verify(patient.id);
    const sent = await api.post('/support/messages', { subject: 'Hola', message: 'Una pregunta' }, patient.token, {
      'Accept-Language': 'es',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatch(/^Mensaje enviado\./);
    const receipt = await stack.mail.waitFor(
      (m) => m.to.includes(patient.email) && m.subject === 'Recibimos su mensaje',
    );
    expect(receipt.text).toContain('en un plazo de 24 horas');
  });

  it('mails no receipt to an address not verified, but tells the inbox', async () => {
    const patient = await newPatient(api);
    expect((await api.post('/support/messages', { subject: 'Hi', message: 'Unverified' }, patient.token)).status).toBe(
      201,
    );
    await stack.mail.waitFor((m) => m.to.includes('support@rxbridge.test') && m.text.includes(patient.id));
    await waitForQueuesIdle(stack);
    expect(stack.mail.messages().filter((m) => m.to.includes(patient.email))).toEqual([
      expect.objectContaining({ subject: 'Verify your email address' }),
    ]);
  });

  it('refuses an empty or too long message with the field named, and writes nothing', async () => {
    const patient = await newPatient(api);
    const empty = await api.post('/support/messages', { subject: ' ', message: '' }, patient.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({ subject: 'Subject is required', message: 'Please write your message' });
    const long = await api.post(
      '/support/messages',
      { subject: 'x'.repeat(201), message: 'x'.repeat(5001) },
      patient.token,
      { 'Accept-Language': 'es' },
    );
    expect(long.status).toBe(400);
    expect(long.body.error?.fields).toEqual({
      subject: 'El asunto debe tener como máximo 200 caracteres',
      message: 'El mensaje debe tener como máximo 5000 caracteres',
    });
    const odd = await api.post('/support/messages', ['not', 'an', 'object'], patient.token);
    expect(odd.status).toBe(400);
    expect(await rowsOf(patient.id)).toEqual([]);
  });

  it('shows each patient only their own messages, and lets no one else write as a patient', async () => {
    const [a, b] = [await newPatient(api), await newPatient(api)];
    await api.post('/support/messages', { subject: 'Mine', message: 'Private' }, a.token);
    expect((await api.get('/support/messages', b.token)).body.data.messages).toEqual([]);
    expect((await api.get('/support/messages')).status).toBe(401);
    const navigator = await newNavigator(stack, api);
    expect((await api.post('/support/messages', { subject: 'S', message: 'M' }, navigator.token)).status).toBe(403);
    expect((await api.get('/support/messages', navigator.token)).status).toBe(403);
  });

  it('stops a script filling the inbox: the eleventh message in an hour is refused and not kept', async () => {
    const patient = await newPatient(api);
    for (let i = 1; i <= 10; i++) {
      const res = await api.post('/support/messages', { subject: `Try ${i}`, message: 'Again' }, patient.token);
      expect(res.status).toBe(201);
    }
    const refused = await api.post('/support/messages', { subject: 'Try 11', message: 'Again' }, patient.token);
    expect(refused.status).toBe(429);
    expect(await rowsOf(patient.id)).toHaveLength(10);
  });
});

describe('a navigator reads and answers', () => {
  it("shows the messages in the patient's record and marks one answered once, audited", async () => {
    const patient = await newPatient(api);
    const navigator = await newNavigator(stack, api);
    const { id } = (await api.post('/support/messages', { subject: 'Help', message: 'Please call me' }, patient.token))
      .body.data.message;

    const record = await api.get(`/admin/patients/${patient.id}`, navigator.token);
    expect(record.status).toBe(200);
    expect(record.body.data.supportMessageCount).toBe(1);
    expect(record.body.data.supportMessagesAwaiting).toBe(1);
    expect(record.body.data.supportMessages).toEqual([
      expect.objectContaining({ id, subject: 'Help', message: 'Please call me', answeredAt: null }),
    ]);

    expect((await api.post(`/admin/support-messages/${id}/answered`, undefined, patient.token)).status).toBe(403);
    const answered = await api.post(`/admin/support-messages/${id}/answered`, undefined, navigator.token);
    expect(answered.status).toBe(200);
    expect(answered.body.message).toBe('Marked as answered');
    const at = answered.body.data.message.answeredAt as string;
    expect(Date.parse(at)).not.toBeNaN();
    // A second navigator marking it later keeps the first answer, and the log says they read it, not answered it.
    const second = await newNavigator(stack, api);
    const again = await api.post(`/admin/support-messages/${id}/answered`, undefined, second.token);
    expect(again.body.data.message.answeredAt).toBe(at);
    // Told so, not "Marked as answered": their screen had not heard of the first answer.
    expect(again.body.message).toBe('This message was answered already: its answer is kept.');

    const mine = await api.get('/support/messages', patient.token);
    expect(mine.body.data.messages[0].answeredAt).toBe(at);
    const audit = await db.query(
      `SELECT action, actor_id, subject_user_id FROM audit_log WHERE entity_id = $1 ORDER BY created_at`,
      [id],
    );
    expect(audit.rows).toEqual([
      { action: 'support_message.answered', actor_id: navigator.id, subject_user_id: patient.id },
      { action: 'support_message.read', actor_id: second.id, subject_user_id: patient.id },
    ]);
  });

  it('answers in the console: the patient reads the reply on the dashboard and, verified, by email; once only', async () => {
    const patient = await newPatient(api, { preferredLanguage: 'es' });
    await verify(patient.id);
    const navigator = await newNavigator(stack, api);
    const { id } = (await api.post('/support/messages', { subject: 'Envío', message: '¿Cuándo llega?' }, patient.token))
      .body.data.message;

    // An empty reply is refused with the field named, and answers nothing.
    const empty = await api.post(`/admin/support-messages/${id}/reply`, { reply: '  ' }, navigator.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({ reply: 'Reply is required' });
    expect((await api.post(`/admin/support-messages/${id}/reply`, { reply: 'Hi' }, patient.token)).status).toBe(403);

    const reply = 'Your shipment leaves on Friday.\nCall us if it does not arrive by Tuesday.';
    const sent = await api.post(`/admin/support-messages/${id}/reply`, { reply: `  ${reply} ` }, navigator.token);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Reply sent');
    expect(sent.body.data.message).toMatchObject({ id, reply, answeredAt: expect.any(String) });

    const mine = await api.get('/support/messages', patient.token);
    expect(mine.body.data.messages[0]).toMatchObject({ id, reply, answeredAt: sent.body.data.message.answeredAt });
    const mail = await stack.mail.waitFor(
      (m) => m.to.includes(patient.email) && m.subject === 'Su equipo de atención respondió su mensaje',
    );
    expect(mail.text).toContain('Your shipment leaves on Friday.');
    expect(mail.html).toContain('Your shipment leaves on Friday.<br>Call us if it does not arrive by Tuesday.');
    // The subject the patient wrote stays out of the email: only the care team's words go.
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Envío|¿Cuándo llega\?/);

    // Answered once: a second reply, or one after a mark, is refused and changes nothing.
    const again = await api.post(`/admin/support-messages/${id}/reply`, { reply: 'Another answer' }, navigator.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'support-message-answered',
      message: 'This message was answered already: its answer is kept.',
    });
    expect((await api.get('/support/messages', patient.token)).body.data.messages[0].reply).toBe(reply);
    const audit = await db.query(`SELECT action, actor_id FROM audit_log WHERE entity_id = $1`, [id]);
    expect(audit.rows).toEqual([{ action: 'support_message.replied', actor_id: navigator.id }]);
    await waitForQueuesIdle(stack);
    expect(
      stack.mail
        .messages()
        .filter((m) => m.subject === 'Su equipo de atención respondió su mensaje' && m.to.includes(patient.email)),
    ).toHaveLength(1);
  });

  it('mails no reply to an address not verified: the patient reads it on the dashboard', async () => {
    const patient = await newPatient(api);
    const navigator = await newNavigator(stack, api);
    const { id } = (await api.post('/support/messages', { subject: 'Hi', message: 'Unverified' }, patient.token)).body
      .data.message;
    expect((await api.post(`/admin/support-messages/${id}/reply`, { reply: 'Hello' }, navigator.token)).status).toBe(
      200,
    );
    await waitForQueuesIdle(stack);
    expect(
      stack.mail
        .messages()
        .filter((m) => m.subject === 'Your care team answered your message' && m.to.includes(patient.email)),
    ).toEqual([]);
    expect((await api.get('/support/messages', patient.token)).body.data.messages[0].reply).toBe('Hello');
  });

  it('answers 404 for a message that does not exist, whatever its id looks like', async () => {
    const navigator = await newNavigator(stack, api);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await api.post(`/admin/support-messages/${id}/answered`, undefined, navigator.token);
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toBe('Support message not found');
    }
  });

  it('keeps every message awaiting a reply in the record ahead of the answered ones, however many came after', async () => {
    const patient = await newPatient(api);
    const navigator = await newNavigator(stack, api);
    const send = async (subject: string) =>
      (await api.post('/support/messages', { subject, message: 'Text' }, patient.token)).body.data.message.id as string;
    await send('Oldest, never answered');
    for (const n of [1, 2, 3]) {
      const id = await send(`Answered ${n}`);
      await api.post(`/admin/support-messages/${id}/answered`, undefined, navigator.token);
    }
    const record = (await api.get(`/admin/patients/${patient.id}`, navigator.token)).body.data;
    expect(record.supportMessages.map((m: { subject: string }) => m.subject)).toEqual([
      'Oldest, never answered',
      'Answered 3',
      'Answered 2',
      'Answered 1',
    ]);
    expect([record.supportMessageCount, record.supportMessagesAwaiting]).toEqual([4, 1]);
  });

  it('lists the messages awaiting a reply across patients, the longest wait first, audited with the patients shown', async () => {
    const [a, b] = [await newPatient(api), await newPatient(api)];
    const navigator = await newNavigator(stack, api);
    const send = async (token: string, subject: string) =>
      (await api.post('/support/messages', { subject, message: 'Text' }, token)).body.data.message.id as string;
    const first = await send(a.token, 'First to wait');
    const answered = await send(b.token, 'Answered already');
    const second = await send(b.token, 'Second to wait');
    await api.post(`/admin/support-messages/${answered}/answered`, undefined, navigator.token);

    expect((await api.get('/admin/support-messages', a.token)).status).toBe(403);
    const list = await api.get('/admin/support-messages?page=1&limit=100', navigator.token);
    expect(list.status).toBe(200);
    const ours = list.body.data.messages.filter((m: { patient: { id: string } }) =>
      [a.id, b.id].includes(m.patient.id),
    );
    expect(ours).toEqual([
      expect.objectContaining({ id: first, subject: 'First to wait', patient: expect.objectContaining({ id: a.id }) }),
      expect.objectContaining({
        id: second,
        subject: 'Second to wait',
        patient: expect.objectContaining({ id: b.id }),
      }),
    ]);
    // The list carries no message text: that is read in the patient's (audited) record.
    expect(JSON.stringify(list.body.data)).not.toContain('"message":"Text"');
    const audit = await db.query(
      `SELECT metadata FROM audit_log WHERE action = 'support_messages.list' AND actor_id = $1`,
      [navigator.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].metadata.patientIds).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await api.get('/admin/support-messages?page=0', navigator.token)).status).toBe(400);
  });
});
