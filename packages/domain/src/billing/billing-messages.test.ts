import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_FAILED_MESSAGE,
  COUPON_EXPIRED_CODE,
  COUPON_EXPIRED_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
  subscriptionChangeFailedText,
} from './billing-messages';

describe('billing error texts (billing.md §8, word for word)', () => {
  it('checkout errors', () => {
    expect(COUPON_EXPIRED_CODE).toBe('coupon_expired');
    expect(COUPON_EXPIRED_MESSAGE).toBe(
      "This coupon has expired, please use a different one. We've removed it from your browser.",
    );
    expect(CHECKOUT_FAILED_MESSAGE).toBe('Failed to create checkout session');
    expect(UNEXPECTED_ERROR_MESSAGE).toBe('Unexpected error occurred, please try again later.');
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong, please try again later.');
  });

  it.each(['upgrade', 'downgrade', 'cancel', 'renew'])(
    "'Failed to {action} subscription' for %s",
    (action) => {
      expect(subscriptionChangeFailedText(action)).toBe(`Failed to ${action} subscription`);
    },
  );
});
