import { formatCurrency } from '@vocalis/domain/billing/billing-display';
import { TIER_DISPLAY_NAMES, toTier } from '@vocalis/domain/billing/tiers';
import { TEST_CARDS } from '../../billing/test-cards';
import type { CheckoutRow } from './checkout-sessions.repo';
import type { InvoiceRow } from './invoices.repo';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (cents: number, currency: string) => formatCurrency(cents / 100, currency);
const group = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

const STYLE = `
*{box-sizing:border-box}body{font:15px/1.5 system-ui,-apple-system,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:960px;margin:0 auto;padding:32px 16px;display:grid;gap:24px}
@media(min-width:800px){main{grid-template-columns:1fr 1fr;padding:56px 24px}}
.brand{font-weight:600;color:#52525b;margin:0 0 8px;font-size:14px;letter-spacing:.02em}
h1{font-size:24px;margin:0 0 4px}h2{font-size:16px;margin:0 0 12px}
.muted{color:#71717a}.amount{font-size:32px;font-weight:650;margin:8px 0}
section{background:#fff;border:1px solid #e4e4e7;border-radius:16px;padding:24px}
label{display:block;font-size:13px;font-weight:550;margin:14px 0 6px}
input,select{width:100%;font:inherit;padding:10px 12px;border:1px solid #d4d4d8;border-radius:10px;background:#fff}
input:focus,select:focus,button:focus-visible,a:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;margin-top:20px;font:inherit;font-weight:600;padding:12px;border:0;border-radius:10px;background:#18181b;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#18181b;border:1px solid #d4d4d8}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:10px;padding:10px 12px;margin:12px 0 0}
table{width:100%;border-collapse:collapse;font-size:13px}td,th{text-align:left;padding:6px 4px;border-top:1px solid #f4f4f5}
code{font:13px ui-monospace,monospace;white-space:nowrap}a{color:#4f46e5}.lines div{display:flex;justify-content:space-between;padding:4px 0}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Vocalis</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function testCards(): string {
  const rows = Object.entries(TEST_CARDS)
    .map(([n, c]) => `<tr><td><code>${group(n)}</code></td><td>${esc(c.text)}</td></tr>`)
    .join('');
  return `<h2 style="margin-top:24px">Test cards</h2>
<p class="muted">This is the embedded payment processor: no real card is charged. Use any future expiry date and any 3-digit CVC.</p>
<table><thead><tr><th>Card number</th><th>What happens</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function summary(s: CheckoutRow, invoices: InvoiceRow[]): string {
  const currency = s.currency ?? 'usd';
  if (s.mode === 'subscription') {
    const plan = TIER_DISPLAY_NAMES[toTier(s.tier)];
    const period = s.billingPeriod === 'annual_period' ? 'year' : 'month';
    const subtotal = s.subtotalCents ?? 0;
    const due = s.amountDueCents ?? subtotal;
    return `<section><p class="brand">VOCALIS</p><h1>Subscribe to ${esc(plan)}</h1>
<p class="amount">${money(due, currency)}</p><p class="muted">due today, then ${money(subtotal, currency)} per ${period}</p>
<div class="lines"><div><span>${esc(plan)} plan, billed per ${period}</span><span>${money(subtotal, currency)}</span></div>
${due !== subtotal ? `<div><span>Discount${s.promocode ? ` (${esc(s.promocode)})` : ''}</span><span>−${money(subtotal - due, currency)}</span></div>` : ''}
<div><strong>Total due today</strong><strong>${money(due, currency)}</strong></div></div></section>`;
  }
  if (s.mode === 'connect') {
    return `<section><p class="brand">VOCALIS</p><h1>Payouts</h1><p class="muted">Tell us who receives payouts for this workspace.</p></section>`;
  }
  const list = invoices.length
    ? `<table><thead><tr><th>Date</th><th>Plan</th><th>Amount</th><th>Status</th></tr></thead><tbody>${invoices
        .map(
          (i) =>
            `<tr><td>${i.createdAt.toISOString().slice(0, 10)}</td><td>${esc(i.tier ? TIER_DISPLAY_NAMES[toTier(i.tier)] : i.kind)}</td><td>${money(i.amountDueCents, i.currency)}</td><td>${esc(i.status)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No invoices yet.</p>';
  if (s.mode === 'verify') {
    return `<section><p class="brand">VOCALIS</p><h1>Verify your card</h1><p class="muted">We check that the card can pay. Nothing is charged.</p></section>`;
  }
  return `<section><p class="brand">VOCALIS</p><h1>Payment method and invoices</h1><p class="muted">A new card pays open invoices and every invoice after them.</p><h2 style="margin-top:16px">Invoices</h2>${list}</section>`;
}

/** The hosted card page of the local provider (checkout, card update, card verification, payouts). */
export function renderCheckoutPage(s: CheckoutRow, invoices: InvoiceRow[], error?: string): string {
  const action = `/billing/checkout/${esc(s.id)}`;
  const err = error ? `<p class="error" role="alert">${esc(error)}</p>` : '';
  const back = s.returnPath
    ? `<p style="margin-top:16px"><a href="${esc(s.returnPath)}">Cancel and go back</a></p>`
    : '';
  if (s.mode === 'connect') {
    return layout(
      'Payouts',
      `${summary(s, invoices)}<section><form method="post" action="${action}">
<label for="legal_name">Legal name</label><input id="legal_name" name="legal_name" required autocomplete="name">
<label for="country">Country</label><select id="country" name="country"><option>United States</option><option>Germany</option><option>France</option><option>United Kingdom</option><option>Other</option></select>
${err}<button type="submit">Finish onboarding</button></form>${back}</section>`,
    );
  }
  const pay =
    s.mode === 'subscription'
      ? `Pay ${money(s.amountDueCents ?? 0, s.currency ?? 'usd')}`
      : s.mode === 'verify'
        ? 'Verify card'
        : 'Save card';
  return layout(
    s.mode === 'subscription' ? 'Checkout' : 'Payment method',
    `${summary(s, invoices)}<section><h2>Card details</h2><form method="post" action="${action}">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
${err}<button type="submit">${pay}</button></form>${back}${testCards()}</section>`,
  );
}

/** The authentication step a card that requires action shows (like a bank's 3-D Secure page). */
export function renderAuthenticationPage(s: CheckoutRow): string {
  const action = `/billing/checkout/${esc(s.id)}/authenticate`;
  return layout(
    'Authenticate payment',
    `<section><p class="brand">VOCALIS TEST BANK</p><h1>Authenticate this payment</h1>
<p class="muted">Your bank asks you to confirm this payment. This is a test authentication page.</p>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="fail"><button type="submit" class="secondary">Fail authentication</button></form></section>`,
  );
}

export function renderClosedPage(title: string, text: string, returnPath: string | null): string {
  return layout(
    title,
    `<section><p class="brand">VOCALIS</p><h1>${esc(title)}</h1><p class="muted">${esc(text)}</p>${
      returnPath ? `<p><a href="${esc(returnPath)}">Back to Vocalis</a></p>` : ''
    }</section>`,
  );
}
