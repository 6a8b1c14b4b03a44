import { z } from 'zod';

/** The SDK's seat types (workspace.invites / workspace.members); admin seats are admins, others editors. */
export const seatType = z.enum(['workspace_admin', 'workspace_member', 'workspace_lite_member']);
export const workspaceRole = z.enum(['admin', 'editor']);
const email = z.email().max(320);

/** A plain `{status: "ok"}` answer, as the SDK's *ResponseModel types carry. */
export const statusOk = z.object({ status: z.string() }).meta({ id: 'WorkspaceStatusResponse' });

export const seatStatus = z
  .object({
    limit: z.number().int(),
    members: z.number().int(),
    pending_invites: z.number().int(),
    available: z.number().int(),
  })
  .meta({ id: 'WorkspaceSeatStatus' });

/** GET /v1/workspace: the caller's current workspace. */
export const workspaceOverview = z
  .object({
    workspace_id: z.string(),
    name: z.string(),
    owner_id: z.string().nullable(),
    is_personal: z.boolean(),
    subscription: z.object({ tier: z.string() }),
    max_seats: z.number().int(),
    seats: seatStatus,
    role: workspaceRole,
    is_admin: z.boolean(),
    is_owner: z.boolean(),
    training_opt_out: z.boolean(),
  })
  .meta({ id: 'WorkspaceOverview' });

/** GET /v1/workspaces: every workspace the caller belongs to, for the switcher. */
export const workspaceSummary = z.object({
  workspace_id: z.string(),
  name: z.string(),
  role: workspaceRole,
  is_personal: z.boolean(),
  /** The caller owns it (their own personal workspace is personal and theirs). */
  is_owner: z.boolean(),
  is_current: z.boolean(),
});
export const workspaceList = z
  .object({ workspaces: z.array(workspaceSummary) })
  .meta({ id: 'WorkspaceList' });
export const switchWorkspaceBody = z.object({ workspace_id: z.string().min(1).max(100) }).strict();

/** SDK WorkspaceMemberResponseModel, with the role. */
export const workspaceMember = z
  .object({
    user_id: z.string(),
    email: z.string(),
    first_name: z.string().nullable(),
    seat_type: seatType,
    role: workspaceRole,
    is_owner: z.boolean(),
    is_locked: z.boolean(),
    joined_at_unix: z.number().int(),
  })
  .meta({ id: 'WorkspaceMember' });
export const workspaceMembers = z.array(workspaceMember);

/** SDK members.update (POST /v1/workspace/members). */
export const updateMemberBody = z
  .object({
    email,
    is_locked: z.boolean().optional(),
    workspace_role: seatType.optional(),
    workspace_seat_type: seatType.optional(),
    allow_downgrade_to_basic_seat: z.boolean().optional(),
  })
  .strict();
export const emailBody = z.object({ email }).strict();

/** SDK invites.create (POST /v1/workspace/invites/add). */
export const inviteBody = z
  .object({
    email,
    workspace_permission: z.string().max(100).optional(),
    seat_type: seatType.optional(),
    group_ids: z.array(z.string().max(100)).max(50).optional(),
    usage_limit: z.number().int().nonnegative().optional(),
  })
  .strict();
/** SDK invites.createBatch (POST /v1/workspace/invites/add-bulk). */
export const bulkInviteBody = z
  .object({
    emails: z.array(email).min(1).max(100),
    seat_type: seatType.optional(),
    group_ids: z.array(z.string().max(100)).max(50).optional(),
    usage_limit: z.number().int().nonnegative().optional(),
  })
  .strict();

/** A pending invite as the workspace's admins see it. */
export const pendingInvite = z
  .object({
    email: z.string(),
    role: workspaceRole,
    seat_type: seatType,
    invited_by_email: z.string().nullable(),
    created_at_unix: z.number().int(),
    expires_at_unix: z.number().int(),
  })
  .meta({ id: 'WorkspacePendingInvite' });
export const pendingInvites = z.object({ invites: z.array(pendingInvite) });

/** An invite as its invitee sees it (/app/settings/workspace-invites); `code` accepts or declines it. */
export const receivedInvite = z
  .object({
    invite_id: z.string(),
    workspace_id: z.string(),
    workspace_name: z.string(),
    role: workspaceRole,
    invited_by_email: z.string().nullable(),
    created_at_unix: z.number().int(),
    expires_at_unix: z.number().int(),
  })
  .meta({ id: 'WorkspaceReceivedInvite' });
export const receivedInvites = z.object({ invites: z.array(receivedInvite) });
/** Accepting or declining one's own invite from the list (no code at hand): by its id. */
export const inviteIdBody = z.object({ invite_id: z.string().min(1).max(100) }).strict();

export const acceptedInvite = z
  .object({ status: z.string(), workspace_id: z.string(), workspace_name: z.string() })
  .meta({ id: 'WorkspaceInviteAccepted' });

/** Security settings (accounts.md §6, §4; content-and-workspace.md §6). */
export const securitySettings = z
  .object({
    email_password_sign_in_disabled: z.boolean(),
    disallowed_social_providers: z.array(z.string()),
    session_inactivity_timeout: z.number().int().nullable(),
    training_opt_out: z.boolean(),
    can_change: z.boolean(),
  })
  .meta({ id: 'WorkspaceSecuritySettings' });
export const updateSecurityBody = z
  .object({
    email_password_sign_in_disabled: z.boolean().optional(),
    disallowed_social_providers: z
      .array(z.enum(['google', 'github', 'apple']))
      .max(3)
      .optional(),
    /** Seconds; null turns the timeout off. Between 5 minutes and 30 days. */
    session_inactivity_timeout: z.number().int().min(300).max(2_592_000).nullable().optional(),
    training_opt_out: z.boolean().optional(),
  })
  .strict();

/** SDK WorkspaceAuditLogEntryResponse (the fields we fill): who (actor.user), from where (device.ip, http_request). */
export const auditLogEntry = z
  .object({
    id: z.string(),
    time: z.number().int(),
    time_dt: z.string(),
    activity_id: z.number().int(),
    activity_name: z.string(),
    class_name: z.string(),
    status_id: z.number().int(),
    message: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    actor: z.object({
      user: z.object({ uid: z.string().optional(), email_addr: z.string().optional(), type: z.string() }),
    }),
    device: z.object({ ip: z.string().optional() }),
    http_request: z.object({
      http_method: z.string(),
      url: z.object({ path: z.string().optional() }),
      user_agent: z.string().optional(),
    }),
  })
  .meta({ id: 'WorkspaceAuditLogEntry' });
export const auditLogPage = z
  .object({ entries: z.array(auditLogEntry), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: 'WorkspaceAuditLogPage' });
export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
  time_from_unix_ms: z.coerce.number().int().optional(),
  time_to_unix_ms: z.coerce.number().int().optional(),
  actor_uid: z.string().max(100).optional(),
  class_name: z.string().max(100).optional(),
  activity_name: z.string().max(100).optional(),
});

export type WorkspaceOverview = z.infer<typeof workspaceOverview>;
export type WorkspaceSummary = z.infer<typeof workspaceSummary>;
export type WorkspaceMember = z.infer<typeof workspaceMember>;
export type PendingInvite = z.infer<typeof pendingInvite>;
export type ReceivedInvite = z.infer<typeof receivedInvite>;
export type SecuritySettings = z.infer<typeof securitySettings>;
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export type AuditLogPage = z.infer<typeof auditLogPage>;
export type SeatStatus = z.infer<typeof seatStatus>;

/** SDK WorkspaceGroupResponseModel: members are emails. */
export const workspaceGroup = z
  .object({ id: z.string(), name: z.string(), members: z.array(z.string()) })
  .meta({ id: 'WorkspaceGroup' });
export const workspaceGroups = z.record(z.string(), workspaceGroup);
export const groupByName = z.object({
  id: z.string(),
  name: z.string(),
  members_emails: z.array(z.string()),
});
export const groupNameBody = z.object({ name: z.string().trim().min(1).max(100) }).strict();
export const groupSearchQuery = z.object({ name: z.string().max(100) });

export type WorkspaceGroup = z.infer<typeof workspaceGroup>;
