import type { IncomingMessage, ServerResponse } from 'node:http';
import { findTestCard, parseExpiry, type Expiry, type TestCard } from './cards';
import { completeCheckoutSession, successUrl, type CheckoutSession } from './checkout-sessions';
import { parseForm } from './form';
import { readBody, sendHtml } from './http';
import type { Account } from './state';

// The hosted checkout page at session.url: plain server-rendered HTML that works without
// JavaScript, one form, one submit button. Everything interpolated is escaped.

const BUSINESS_NAME = 'RxBridge';

interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLES = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
    background:#f3f5f9;color:#1a1f36}
  main{width:100%;max-width:440px;background:#fff;border-radius:12px;padding:32px;
    box-shadow:0 1px 3px rgba(26,31,54,.08),0 8px 24px rgba(26,31,54,.08)}
  .merchant{display:flex;align-items:center;justify-content:space-between;margin-bottom:20px}
  .merchant strong{font-size:18px}
  .badge{font-size:12px;font-weight:600;color:#9a5b00;background:#fff4e0;border-radius:4px;padding:2px 8px}
  h1{font-size:22px;margin:0 0 4px}
  .lead{color:#4f566b;margin:0 0 24px}
  label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}
  input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cfd7df;border-radius:6px;background:#fff;color:inherit}
  input:focus{outline:2px solid #635bff;outline-offset:0;border-color:#635bff}
  .field{margin-bottom:16px}
  .row{display:flex;gap:12px}.row .field{flex:1}
  .error{background:#fdecea;color:#a4161a;border-radius:6px;padding:10px 12px;margin:0 0 16px;font-weight:600}
  button{width:100%;font:inherit;font-weight:600;color:#fff;background:#635bff;border:0;border-radius:6px;padding:12px;cursor:pointer}
  button:hover{background:#5249e0}
  .secure{display:flex;gap:6px;align-items:center;justify-content:center;color:#697386;font-size:13px;margin:14px 0 0}
  .cancel{display:block;text-align:center;margin-top:14px;color:#635bff;font-size:14px}
  .hint{margin-top:24px;padding-top:16px;border-top:1px solid #e3e8ee;color:#697386;font-size:13px}
  .hint code{font-size:12px;background:#f3f5f9;padding:1px 4px;border-radius:3px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
<div class="merchant"><strong>${BUSINESS_NAME}</strong><span class="badge">Test mode</span></div>
${body}
</main>
</body>
</html>`;
}

function cardPage(session: CheckoutSession, form?: CardForm, error?: string): string {
  const value = (v: string | undefined) => (v ? ` value="${escapeHtml(v)}"` : '');
  const alert = error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : '';
  const describedBy = error ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  const cancel = session.cancel_url
    ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel and return to ${BUSINESS_NAME}</a>`
    : '';
  return page(
    `Save your card – ${BUSINESS_NAME}`,
    `<h1>Set up your payment method</h1>
<p class="lead">Save a card for future payments — nothing is charged today.</p>
${alert}
<form method="post" action="/checkout/${escapeHtml(session.id)}" novalidate>
  <div class="field">
    <label for="cardNumber">Card number</label>
    <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${value(form?.cardNumber)}${describedBy}>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">Expiry (MM / YY)</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"${value(form?.expiry)}>
    </div>
    <div class="field">
      <label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"${value(form?.cvc)}>
    </div>
  </div>
  <button type="submit">Save card</button>
</form>
<p class="secure">🔒 Your card is stored securely for later charges.</p>
${cancel}
<div class="hint">Test cards: <code>4242 4242 4242 4242</code> saves and charges;
<code>4000 0000 0000 0002</code> is declined; <code>4000 0000 0000 0341</code> saves but every charge is declined.</div>`,
  );
}

function notice(title: string, message: string, link?: string): string {
  const action = link ? `<a class="cancel" href="${escapeHtml(link)}">Return to ${BUSINESS_NAME}</a>` : '';
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p class="lead">${escapeHtml(message)}</p>\n${action}`);
}

/** The card the form describes, or why it is refused, with the status the page answers. */
function readCard(form: CardForm): { card: TestCard; expiry: Expiry } | { status: number; error: string } {
  const card = findTestCard(form.cardNumber);
  if (!card) return { status: 400, error: 'Your card number is invalid.' };
  const expiry = parseExpiry(form.expiry);
  if ('error' in expiry) return { status: 400, error: expiry.error };
  if (form.cvc.trim() && !/^\d{3,4}$/.test(form.cvc.trim())) {
    return { status: 400, error: 'Your card’s security code is invalid.' };
  }
  if (card.behaviour === 'declines') return { status: 402, error: 'Your card was declined.' };
  return { card, expiry };
}

/** GET shows the form; POST saves the card and redirects to success_url, or shows the form again with the error. */
export async function handleCheckoutPage(
  account: Account,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  persist: () => void,
): Promise<void> {
  const sessions = account.state.checkoutSessions;
  const session = Object.hasOwn(sessions, id) ? sessions[id] : undefined;
  if (!session) {
    sendHtml(
      res,
      404,
      notice('Checkout not found', 'This checkout link is not valid. Please start again from the app.'),
    );
    return;
  }
  if (req.method !== 'GET' && req.method !== 'POST') {
    sendHtml(res, 405, notice('Not allowed', 'Use the form to save your card.'));
    return;
  }
  const fields = req.method === 'POST' ? parseForm(await readBody(req)) : undefined;
  // Checked after the body is read, so two submits can never both complete the session.
  if (session.status === 'complete') {
    const message = 'This checkout is already complete. Nothing was charged.';
    sendHtml(res, fields ? 409 : 200, notice('Your card is saved', message, successUrl(session)));
    return;
  }
  if (!fields) {
    sendHtml(res, 200, cardPage(session));
    return;
  }
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === 'string' ? value : '';
  };
  const form: CardForm = { cardNumber: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc') };
  const result = readCard(form);
  if ('error' in result) {
    sendHtml(res, result.status, cardPage(session, form, result.error));
    return;
  }
  completeCheckoutSession(account, session, result.card, result.expiry);
  persist();
  res.writeHead(303, { Location: successUrl(session), 'Cache-Control': 'no-store' });
  res.end();
}
