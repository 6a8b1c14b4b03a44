import { describe, expect, it } from 'vitest';
import {
  canSeeByInvitation,
  copyDisableAt,
  copyRemovalNotice,
  rateMultiplier,
  refuseLibraryAdd,
  refuseSharingSettings,
  sharingRefusals,
  statsRangeStart,
  type SharingSettings,
} from './voice-sharing';

const settings: SharingSettings = {
  enableLibrary: true,
  noticePeriodDays: 7,
  customRate: null,
  liveModeration: false,
  freeUsersAllowed: true,
  readerAppEnabled: false,
  readerRestrictedOn: [],
};

describe('refuseSharingSettings', () => {
  it('accepts plain library sharing', () =>
    expect(refuseSharingSettings(settings, { isCopy: false })).toBeNull());
  it.each([
    [{}, { isCopy: true }, sharingRefusals.copy],
    [{ customRate: 2 }, { isCopy: false }, sharingRefusals.customRateForFreeUsers],
    [
      { readerRestrictedOn: [{ resource_type: 'read', resource_id: 'x' }] },
      { isCopy: false },
      sharingRefusals.readerRestrictionsWithoutReader,
    ],
  ])('refuses %j on %j', (change, voice, message) =>
    expect(refuseSharingSettings({ ...settings, ...change }, voice)).toBe(message),
  );
  it('accepts a custom rate for paying users only', () =>
    expect(
      refuseSharingSettings({ ...settings, customRate: 2, freeUsersAllowed: false }, { isCopy: false }),
    ).toBeNull());
});

describe('refuseLibraryAdd', () => {
  const base = {
    sharing: {
      status: 'enabled' as const,
      enableLibrary: true,
      freeUsersAllowed: true,
      whitelistedEmails: [],
    },
    ownerWorkspaceId: 'a',
    workspaceId: 'b',
    tier: 'free',
    email: 'b@example.com',
    alreadyAdded: false,
  };
  it('lets another workspace add a library voice', () => expect(refuseLibraryAdd(base)).toBeNull());
  it.each([
    [
      'a disabled voice',
      { sharing: { ...base.sharing, status: 'disabled' as const } },
      404,
      'voice_not_shared',
    ],
    ['its own voice', { workspaceId: 'a' }, 400, 'own_voice'],
    [
      'a link-only voice for someone not invited',
      { sharing: { ...base.sharing, enableLibrary: false, whitelistedEmails: ['c@example.com'] } },
      403,
      'voice_not_shared_with_you',
    ],
    [
      'a paid-only voice on the free plan',
      { sharing: { ...base.sharing, freeUsersAllowed: false } },
      403,
      'free_users_not_allowed',
    ],
    ['twice', { alreadyAdded: true }, 409, 'voice_already_added'],
  ])('refuses %s', (_, change, status, code) =>
    expect(refuseLibraryAdd({ ...base, ...change })).toMatchObject({ status, code }),
  );
  it('lets a paying workspace add a paid-only voice', () =>
    expect(
      refuseLibraryAdd({ ...base, tier: 'creator', sharing: { ...base.sharing, freeUsersAllowed: false } }),
    ).toBeNull());
});

describe('sharing helpers', () => {
  it('matches invited emails in any case; no list means anyone with the link', () => {
    expect(canSeeByInvitation(['B@Example.com'], 'b@example.com')).toBe(true);
    expect(canSeeByInvitation(['c@example.com'], 'b@example.com')).toBe(false);
    expect(canSeeByInvitation([], null)).toBe(true);
  });
  it('ends the notice period whole days after sharing stopped', () =>
    expect(copyDisableAt(new Date('2026-01-30T10:00:00Z'), 7).toISOString()).toBe(
      '2026-02-06T10:00:00.000Z',
    ));
  it('shows others the multiplier, 1 without a custom rate', () => {
    expect(rateMultiplier(null)).toBe(1);
    expect(rateMultiplier(1.5)).toBe(1.5);
  });
  it('words the copy notice', () =>
    expect(copyRemovalNotice('Feb 6, 2026')).toBe(
      'This voice will be removed on Feb 6, 2026 because its owner stopped sharing it',
    ));
  it('starts a 7d range a week back', () =>
    expect(statsRangeStart('7d', new Date('2026-01-08T00:00:00Z')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    ));
});
