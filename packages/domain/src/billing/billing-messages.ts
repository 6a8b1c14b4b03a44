/** Texts of billing.md §8, word for word; the server's errors and the web's toasts both use these. */

/** §8 checkout error 'coupon_expired' (the code and its message). */
export const COUPON_EXPIRED_CODE = 'coupon_expired';
export const COUPON_EXPIRED_MESSAGE =
  "This coupon has expired, please use a different one. We've removed it from your browser.";
/** §8 "Other checkout errors: 'Failed to create checkout session', or 'Unexpected error occurred, please try again later.'" */
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session';
export const UNEXPECTED_ERROR_MESSAGE = 'Unexpected error occurred, please try again later.';
/** §8 toast rule fallback. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again later.';

/** The verbs a subscription change uses in 'Failed to {action} subscription'. */
export type SubscriptionChangeVerb = 'create' | 'upgrade' | 'downgrade' | 'cancel' | 'renew' | 'change';

/** §8 "Subscription change failure: 'Failed to {action} subscription'." */
export const subscriptionChangeFailedText = (action: SubscriptionChangeVerb | string): string =>
  `Failed to ${action} subscription`;

/** A free_disabled workspace asks to generate (decision 020; the spec names the state, not the text). */
export const WORKSPACE_DISABLED_CODE = 'workspace_disabled';
export const WORKSPACE_DISABLED_MESSAGE =
  'This workspace is disabled, so it cannot generate audio. Subscribe to a plan or contact support to enable it again.';
