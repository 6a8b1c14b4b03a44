/**
 * The optional notices a user can turn off (decision 168). Security mail (verification, password reset,
 * sign-in and sensitive-action codes, email change) is never optional and has no kind here.
 */
export const NOTIFICATION_KINDS = ['webhook_disabled', 'voice_library_removal', 'billing_receipt'] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationPreferences = Record<NotificationKind, boolean>;

/** Every kind on, except the ones the user turned off; unknown stored kinds are ignored. */
export function preferencesFrom(optedOut: Iterable<string>): NotificationPreferences {
  const off = new Set(optedOut);
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.has(k)])) as NotificationPreferences;
}

/** The kinds a change turns off and the kinds it turns on (keys absent from the change stay as they are). */
export function splitChange(change: Partial<NotificationPreferences>): {
  off: NotificationKind[];
  on: NotificationKind[];
} {
  const off = NOTIFICATION_KINDS.filter((k) => change[k] === false);
  const on = NOTIFICATION_KINDS.filter((k) => change[k] === true);
  return { off, on };
}
