import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-fake';

describe("the Stripe fake reads the SDK's form encoding", () => {
  it('nests brackets into objects and arrays', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][price]': 'price_1',
      'line_items[0][quantity]': '1',
      'metadata[workspace_id]': 'w1',
      'phases[1][items][0][price]': 'price_2',
      'lookup_keys[0]': 'a',
      'lookup_keys[1]': 'b',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { workspace_id: 'w1' },
      phases: [undefined, { items: [{ price: 'price_2' }] }],
      lookup_keys: ['a', 'b'],
    });
  });
});
