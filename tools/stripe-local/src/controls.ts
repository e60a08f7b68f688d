import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebhookSender } from './events/webhooks';
import { readBody, sendJson } from './http';
import type { Account, Faults } from './state';

// Test controls under /_local, not part of Stripe's API: only those the e2e tests use, to stage
// late, reordered, duplicate and lost webhooks, to count charges, and to stage faults (an outage,
// a lost answer, a retry after the idempotency keys expired, a confirmation still on its way).

export async function handleControl(
  account: Account,
  webhooks: WebhookSender,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/\/$/, '');
  const query = (name: string) => url.searchParams.get(name) ?? undefined;
  const fail = (status: number, message: string) => sendJson(res, status, { error: { message } });
  let match: RegExpExecArray | null;

  if (method === 'GET' && path === '/_local/events') {
    const type = query('type');
    const events = Object.values(account.state.events).filter((event) => !type || event.type === type);
    sendJson(res, 200, { object: 'list', data: events });
  } else if (method === 'POST' && (match = /^\/_local\/events\/([^/]+)\/redeliver$/.exec(path))) {
    const id = decodeURIComponent(match[1]);
    const event = Object.hasOwn(account.state.events, id) ? account.state.events[id] : undefined;
    if (!event) return fail(404, `No such event: '${id}'`);
    await webhooks.redeliver(event).then(
      () => sendJson(res, 200, { redelivered: id }),
      (error: Error) => fail(409, error.message),
    );
  } else if (method === 'GET' && path === '/_local/webhooks') {
    sendJson(res, 200, webhooks.status());
  } else if (method === 'POST' && path === '/_local/webhooks/pause') {
    webhooks.pause();
    sendJson(res, 200, webhooks.status());
  } else if (method === 'POST' && path === '/_local/webhooks/resume') {
    sendJson(res, 200, { sent: await webhooks.resume() });
  } else if (method === 'POST' && path === '/_local/webhooks/deliver') {
    let body: { event_ids?: unknown };
    try {
      body = JSON.parse((await readBody(req)) || '{}');
    } catch {
      return fail(400, 'Send JSON: { "event_ids": ["evt_..."] }.');
    }
    const ids = Array.isArray(body.event_ids) ? body.event_ids.map(String) : [];
    await webhooks.releaseHeld(ids).then(
      (sent) => sendJson(res, 200, { sent }),
      (error: Error) => fail(400, error.message),
    );
  } else if (method === 'GET' && path === '/_local/payment_intents/count') {
    const customer = query('customer');
    if (!customer) return fail(400, 'Pass ?customer=cus_... to count its payment intents.');
    const intents = Object.values(account.state.paymentIntents).filter((intent) => intent.customer === customer);
    const inStatus = (status: string) => intents.filter((intent) => intent.status === status).length;
    sendJson(res, 200, {
      customer,
      count: intents.length,
      succeeded: inStatus('succeeded'),
      canceled: inStatus('canceled'),
    });
  } else if (method === 'POST' && path === '/_local/webhooks/drop') {
    sendJson(res, 200, { dropped: webhooks.dropHeld() });
  } else if (method === 'GET' && path === '/_local/faults') {
    sendJson(res, 200, account.faults);
  } else if (method === 'POST' && path === '/_local/faults') {
    let body: Partial<Faults>;
    try {
      body = JSON.parse((await readBody(req)) || '{}');
    } catch {
      return fail(
        400,
        'Send JSON: { "paymentIntentsDown": true, "loseAnswers": "confirm", "clockOffsetMs": 0, "confirmDelayMs": 0 }.',
      );
    }
    if (body.paymentIntentsDown !== undefined) {
      if (typeof body.paymentIntentsDown !== 'boolean') return fail(400, 'paymentIntentsDown must be true or false.');
      account.faults.paymentIntentsDown = body.paymentIntentsDown;
    }
    if (body.loseAnswers !== undefined) {
      if (!['none', 'confirm', 'all'].includes(body.loseAnswers)) {
        return fail(400, 'loseAnswers must be none, confirm or all.');
      }
      account.faults.loseAnswers = body.loseAnswers;
    }
    if (body.clockOffsetMs !== undefined) {
      if (!Number.isInteger(body.clockOffsetMs)) return fail(400, 'clockOffsetMs must be a whole number.');
      account.faults.clockOffsetMs = body.clockOffsetMs;
    }
    if (body.confirmDelayMs !== undefined) {
      if (!Number.isInteger(body.confirmDelayMs) || body.confirmDelayMs < 0) {
        return fail(400, 'confirmDelayMs must be a whole number, 0 or more.');
      }
      account.faults.confirmDelayMs = body.confirmDelayMs;
    }
    sendJson(res, 200, account.faults);
  } else {
    fail(404, `Unknown test control ${method} ${path}.`);
  }
}
