import { seats } from '../billing/plans';

/**
 * Who may do what in a workspace (content-and-workspace.md §6): "Workspace roles: admin and editor. Both
 * count as having edit rights; only admin counts as admin." The one permission check every feature uses
 * (decision 110); a member who is locked (disabled by an admin) may do nothing.
 */
export const WORKSPACE_ROLES = ['admin', 'editor'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** What a caller wants to do in a workspace. */
export const WORKSPACE_ACTIONS = [
  /** Read the workspace's content (voices, history, usage of their own). */
  'read',
  /** Create and change content: generate speech, add voices, delete history items. */
  'edit',
  /** Members, invites, roles, groups, security settings, the audit log, member usage. */
  'administer',
  /** Leave the workspace (anyone but its owner, who transfers ownership first). */
  'leave',
  /** Hand the workspace to another member: its owner only. */
  'transfer_ownership',
] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

export type WorkspaceActor = {
  role: string;
  /** The caller owns the workspace. */
  isOwner: boolean;
  /** Disabled in this workspace by an admin. */
  isLocked?: boolean;
};

/** Whether `actor` may do `action` in the workspace. */
export function canInWorkspace(actor: WorkspaceActor, action: WorkspaceAction): boolean {
  if (actor.isLocked) return false;
  const admin = actor.role === 'admin';
  const editor = admin || actor.role === 'editor';
  switch (action) {
    case 'read':
    case 'edit':
      return editor;
    case 'administer':
      return admin;
    case 'leave':
      return editor && !actor.isOwner;
    case 'transfer_ownership':
      return admin && actor.isOwner;
  }
}

/** The texts of refusals (the spec's where it has one). */
export const WORKSPACE_MESSAGES = {
  adminsOnly: 'Only workspace admins can do this.',
  adminsOnlySetting: 'Only workspace admins can change this setting.',
  ownerOnly: 'Only the owner of the workspace can transfer its ownership.',
  ownerCannotLeave: 'The owner cannot leave the workspace. Transfer its ownership to another member first.',
  ownerCannotBeChanged: "The workspace owner's role and access cannot be changed.",
  noSeats: (limit: number) =>
    `Your workspace has no free seats: the plan allows ${limit} ${limit === 1 ? 'seat' : 'seats'}. Upgrade or buy more seats to invite more members.`,
  alreadyMember: 'This user is already a member of the workspace.',
  alreadyInvited: 'This email address has already been invited.',
  inviteNotFound: 'This invitation does not exist or is no longer valid.',
  inviteOtherEmail: 'This invitation was sent to a different email address.',
  notMember: 'This user is not a member of the workspace.',
  trainingOptOutUpdated: 'Workspace training opt out setting successfully updated.',
} as const;

/** How many members a workspace may have: its plan's seats (billing.md §6) plus seats bought on top. */
export function seatLimit(tier: string, extraSeats: number): number {
  return seats(tier) + Math.max(0, extraSeats);
}

/** Seats in use: members and pending invites both hold one. */
export type SeatStatus = { limit: number; members: number; pending_invites: number; available: number };

export function seatStatus(
  tier: string,
  extraSeats: number,
  members: number,
  pendingInvites: number,
): SeatStatus {
  const limit = seatLimit(tier, extraSeats);
  return {
    limit,
    members,
    pending_invites: pendingInvites,
    available: Math.max(0, limit - members - pendingInvites),
  };
}

/**
 * The SDK's seat types (`workspace_admin`, `workspace_member`, `workspace_lite_member`) as a role: admin
 * seats are admins, every other seat an editor.
 */
export function roleOfSeatType(seatType: string | null | undefined): WorkspaceRole | undefined {
  if (seatType === 'workspace_admin') return 'admin';
  if (seatType === 'workspace_member' || seatType === 'workspace_lite_member') return 'editor';
  return undefined;
}

export const seatTypeOfRole = (role: string): 'workspace_admin' | 'workspace_member' =>
  role === 'admin' ? 'workspace_admin' : 'workspace_member';
