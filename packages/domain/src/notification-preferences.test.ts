import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, preferencesFrom, splitChange } from './notification-preferences';

describe('notification preferences', () => {
  it('are all on by default', () => {
    expect(preferencesFrom([])).toEqual({
      webhook_disabled: true,
      voice_library_removal: true,
      billing_receipt: true,
    });
  });

  it('turn off only the stored kinds and ignore unknown ones', () => {
    expect(preferencesFrom(['billing_receipt', 'no_such_kind'])).toEqual({
      webhook_disabled: true,
      voice_library_removal: true,
      billing_receipt: false,
    });
  });

  it('split a change into kinds to turn off and on, leaving absent kinds alone', () => {
    expect(splitChange({ billing_receipt: false, webhook_disabled: true })).toEqual({
      off: ['billing_receipt'],
      on: ['webhook_disabled'],
    });
    expect(splitChange({})).toEqual({ off: [], on: [] });
  });

  it('have no security mail among the optional kinds', () => {
    for (const k of NOTIFICATION_KINDS) expect(k).not.toMatch(/verif|password|sign_in|email_change|code/);
  });
});
