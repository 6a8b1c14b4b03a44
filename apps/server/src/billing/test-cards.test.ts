import { describe, expect, it } from 'vitest';
import { evaluateCard } from './test-cards';

const now = new Date('2026-11-22T00:00:00Z');
const card = (number: string, expiry = '12 / 34', cvc = '123') => evaluateCard({ number, expiry, cvc }, now);

describe('the local provider reads test cards', () => {
  it.each([
    ['4242 4242 4242 4242', { brand: 'visa', last4: '4242', outcome: 'succeeds' }],
    ['5555-5555-5555-4444', { brand: 'mastercard', last4: '4444', outcome: 'succeeds' }],
    ['4000000000000002', { brand: 'visa', last4: '0002', outcome: 'declined' }],
    ['4000 0025 0000 3155', { brand: 'visa', last4: '3155', outcome: 'requires_action' }],
    ['4000 0000 0000 0341', { brand: 'visa', last4: '0341', outcome: 'later_declines' }],
  ])('%s', (number, expected) => expect(card(number)).toEqual(expected));

  it.each([
    ['4242 4242 4242 4241', '12/34', '123', 'Your card number is invalid.'],
    ['4242', '12/34', '123', 'Your card number is invalid.'],
    ['4242 4242 4242 4242', '10/26', '123', 'Your card has expired.'],
    ['4242 4242 4242 4242', '13/30', '123', "Your card's expiration month is invalid."],
    ['4242 4242 4242 4242', '1234', '123', "Your card's expiration date is incomplete."],
    ['4242 4242 4242 4242', '12/34', '1', "Your card's security code is incomplete."],
    // A real-looking (Luhn-valid) number that is not a test card is refused: no real card is ever taken.
    [
      '4012 8888 8888 1881',
      '12/34',
      '123',
      'This payment page accepts test cards only. Use one of the card numbers listed below.',
    ],
  ])('refuses %s %s %s', (number, expiry, cvc, error) =>
    expect(card(number, expiry, cvc)).toEqual({ error }),
  );

  it('accepts a card through the last day of its expiry month', () => {
    expect(card('4242424242424242', '11/26')).toMatchObject({ outcome: 'succeeds' });
    expect(card('4242424242424242', '11 / 2026')).toMatchObject({ outcome: 'succeeds' });
  });
});
