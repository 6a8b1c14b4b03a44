import { describe, expect, it } from 'vitest';
import {
  canInWorkspace,
  roleOfSeatType,
  seatLimit,
  seatStatus,
  WORKSPACE_ACTIONS,
  type WorkspaceAction,
} from './workspace-permissions';

// Every actor × every action: the whole table, so a change to one cell shows here.
const ACTORS = {
  owner: { role: 'admin', isOwner: true },
  admin: { role: 'admin', isOwner: false },
  editor: { role: 'editor', isOwner: false },
  lockedEditor: { role: 'editor', isOwner: false, isLocked: true },
  lockedAdmin: { role: 'admin', isOwner: false, isLocked: true },
  stranger: { role: 'none', isOwner: false },
} as const;

const EXPECTED: Record<keyof typeof ACTORS, Record<WorkspaceAction, boolean>> = {
  owner: { read: true, edit: true, administer: true, leave: false, transfer_ownership: true },
  admin: { read: true, edit: true, administer: true, leave: true, transfer_ownership: false },
  editor: { read: true, edit: true, administer: false, leave: true, transfer_ownership: false },
  lockedEditor: { read: false, edit: false, administer: false, leave: false, transfer_ownership: false },
  lockedAdmin: { read: false, edit: false, administer: false, leave: false, transfer_ownership: false },
  stranger: { read: false, edit: false, administer: false, leave: false, transfer_ownership: false },
};

describe('canInWorkspace', () => {
  for (const [name, actor] of Object.entries(ACTORS)) {
    for (const action of WORKSPACE_ACTIONS) {
      const expected = EXPECTED[name as keyof typeof ACTORS][action];
      it(`${name} ${expected ? 'may' : 'may not'} ${action}`, () => {
        expect(canInWorkspace(actor, action)).toBe(expected);
      });
    }
  }
});

describe('seats', () => {
  it('follows billing.md: free/starter/creator/pro 1, Scale 3, Business 5, trial/enterprise 25, plus bought seats', () => {
    expect(['free', 'starter', 'creator', 'pro'].map((t) => seatLimit(t, 0))).toEqual([1, 1, 1, 1]);
    expect(seatLimit('growing_business', 0)).toBe(3);
    expect(seatLimit('scale_2024_08_10', 0)).toBe(5);
    expect(seatLimit('trial', 0)).toBe(25);
    expect(seatLimit('enterprise', 2)).toBe(27);
    expect(seatLimit('growing_business', -4)).toBe(3);
  });

  it('counts members and pending invites against the limit', () => {
    expect(seatStatus('growing_business', 0, 2, 1)).toEqual({
      limit: 3,
      members: 2,
      pending_invites: 1,
      available: 0,
    });
    expect(seatStatus('free', 0, 3, 0).available).toBe(0);
  });

  it('maps SDK seat types to roles', () => {
    expect(roleOfSeatType('workspace_admin')).toBe('admin');
    expect(roleOfSeatType('workspace_member')).toBe('editor');
    expect(roleOfSeatType('workspace_lite_member')).toBe('editor');
    expect(roleOfSeatType(undefined)).toBeUndefined();
  });
});
