import type { CheckoutSession } from './objects';

// The hosted checkout page: plain server-rendered HTML that works without JavaScript, one form,
// one submit button. Everything interpolated is escaped.

export interface CheckoutFormValues {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
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
${body}
</main>
</body>
</html>`;
}

function header(businessName: string): string {
  return `<div class="merchant"><strong>${escapeHtml(businessName)}</strong><span class="badge">Test mode</span></div>`;
}

export function renderCheckoutPage(
  session: CheckoutSession,
  businessName: string,
  options: { error?: string; values?: CheckoutFormValues } = {},
): string {
  const values = options.values ?? {};
  const value = (v: string | undefined) => (v ? ` value="${escapeHtml(v)}"` : '');
  const error = options.error ? `<p class="error" role="alert" id="card-error">${escapeHtml(options.error)}</p>` : '';
  const describedBy = options.error ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  const cancel = session.cancel_url
    ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel and return to ${escapeHtml(businessName)}</a>`
    : '';
  const email = session.customer_email ? ` for ${escapeHtml(session.customer_email)}` : '';
  return page(
    `Save your card – ${businessName}`,
    `${header(businessName)}
<h1>Set up your payment method</h1>
<p class="lead">Save a card for future payments${email} — nothing is charged today.</p>
${error}
<form method="post" action="/checkout/${escapeHtml(session.id)}" novalidate>
  <div class="field">
    <label for="cardNumber">Card number</label>
    <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${value(values.cardNumber)}${describedBy}>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">Expiry (MM / YY)</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"${value(values.expiry)}>
    </div>
    <div class="field">
      <label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"${value(values.cvc)}>
    </div>
  </div>
  <div class="field">
    <label for="name">Name on card</label>
    <input id="name" name="name" autocomplete="cc-name"${value(values.name)}>
  </div>
  <button type="submit">Save card</button>
</form>
<p class="secure">🔒 Your card is stored securely for later charges.</p>
${cancel}
<div class="hint">Test cards: <code>4242 4242 4242 4242</code> saves and charges;
<code>4000 0000 0000 0002</code> is declined; <code>4000 0000 0000 0341</code> saves but later charges decline.</div>`,
  );
}

/** For a session that can no longer be used (completed or expired) or does not exist. */
export function renderCheckoutNotice(
  title: string,
  message: string,
  businessName: string,
  link?: { href: string; text: string },
): string {
  const action = link ? `<a class="cancel" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>` : '';
  return page(
    title,
    `${header(businessName)}
<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>
${action}`,
  );
}
