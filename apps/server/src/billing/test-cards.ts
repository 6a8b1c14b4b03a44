/**
 * Card numbers the embedded (local) payment provider accepts, modelled on Stripe's test cards so the
 * same numbers work against Stripe in test mode. No real card is ever charged: any other number is refused.
 */
export const TEST_CARDS = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeds', text: 'Payment succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeds', text: 'Payment succeeds' },
  '4000000000000002': { brand: 'visa', outcome: 'declined', text: 'Card is declined' },
  '4000002500003155': {
    brand: 'visa',
    outcome: 'requires_action',
    text: 'Asks for authentication (3-D Secure) before the payment succeeds',
  },
  '4000000000000341': {
    brand: 'visa',
    outcome: 'later_declines',
    text: 'Checkout succeeds; later charges (renewals, upgrades, overage) are declined',
  },
} as const;

export type CardOutcome = 'succeeds' | 'declined' | 'requires_action' | 'later_declines';

export const CARD_DECLINED = 'Your card was declined.';

/** Luhn check of a card number's digits. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardForm = { number: string; expiry: string; cvc: string; name?: string };

/** Reads the card form: an error text for the page, or the card and what charging it does. */
export function evaluateCard(
  form: CardForm,
  now: Date,
): { error: string } | { brand: string; last4: string; outcome: CardOutcome } {
  const digits = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { error: 'Your card number is invalid.' };
  const exp = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(form.expiry.trim());
  if (!exp) return { error: "Your card's expiration date is incomplete." };
  const month = Number(exp[1]);
  const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (month < 1 || month > 12) return { error: "Your card's expiration month is invalid." };
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) return { error: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { error: "Your card's security code is incomplete." };
  const card = TEST_CARDS[digits as keyof typeof TEST_CARDS];
  if (!card) {
    return { error: 'This payment page accepts test cards only. Use one of the card numbers listed below.' };
  }
  return { brand: card.brand, last4: digits.slice(-4), outcome: card.outcome };
}
