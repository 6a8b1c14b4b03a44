import { parseAllMembersPermission, RESOURCE_TYPES } from '@vocalis/domain/workspace/resource-permissions';
import { z } from 'zod';

/** The SDK's WorkspaceResourceType values we hold (plus `history_item`; `project` is studio projects). */
export const workspaceResourceType = z.enum([...RESOURCE_TYPES, 'project']);
export const resourceRole = z.enum(['admin', 'editor', 'commenter', 'viewer']);

export const resourceTypeQuery = z.object({ resource_type: workspaceResourceType });

/** Exactly one grantee: a member or service account by email, a group (or `default`), or a service-account key. */
const grantee = {
  resource_type: workspaceResourceType,
  user_email: z.email().max(320).optional(),
  group_id: z.string().min(1).max(100).optional(),
  workspace_api_key_id: z.string().min(1).max(100).optional(),
};

/** SDK workspace.resources.share. */
export const shareResourceBody = z.object({ role: resourceRole, ...grantee });
/** SDK workspace.resources.unshare. */
export const unshareResourceBody = z.object(grantee);
export type ShareResourceBody = z.infer<typeof shareResourceBody>;
export type UnshareResourceBody = z.infer<typeof unshareResourceBody>;

/** Hands the resource to another member, who becomes its creator. */
export const transferResourceBody = z.object({
  resource_type: workspaceResourceType,
  user_email: z.email().max(320),
});
export type TransferResourceBody = z.infer<typeof transferResourceBody>;

const shareOption = z.object({ name: z.string(), id: z.string(), type: z.enum(['user', 'group', 'key']) });

/** One grant on the resource, for the Share dialog. */
export const resourceGrant = z.object({
  grantee_type: z.enum(['user', 'group', 'default']),
  grantee_id: z.string(),
  /** The member's email, the group's name, or null for `default`. */
  name: z.string().nullable(),
  role: z.enum(['none', 'viewer', 'commenter', 'editor', 'admin']),
});

/** SDK ResourceMetadataResponseModel, with the grants and the caller's own role added. */
export const resourceMetadata = z
  .object({
    resource_id: z.string(),
    resource_name: z.string(),
    resource_type: workspaceResourceType,
    creator_user_id: z.string().nullable(),
    creator_email: z.string().nullable(),
    anonymous_access_level_override: z.null(),
    /** role → the group ids (and `default`) holding it, as the SDK reads it. */
    role_to_group_ids: z.record(z.string(), z.array(z.string())),
    share_options: z.array(shareOption),
    grants: z.array(resourceGrant),
    /** The role every member holds without a grant of their own (`none`: private). */
    baseline_role: z.enum(['none', 'viewer', 'commenter', 'editor', 'admin']),
    your_role: z.enum(['none', 'viewer', 'commenter', 'editor', 'admin']),
    /** Whether the caller may hand the resource to another member (its creator or a workspace admin). */
    can_transfer_ownership: z.boolean(),
  })
  .meta({ id: 'ResourceMetadataResponseModel' });
export type ResourceMetadata = z.infer<typeof resourceMetadata>;

/** `<resource type|*>:<level>` entries (decision 165). */
export const allMembersPermissions = z
  .array(
    z
      .string()
      .max(60)
      .refine((s) => parseAllMembersPermission(s) !== undefined, {
        message: 'Expected <resource type or *>:<none|viewer|commenter|editor|admin>.',
      }),
  )
  .max(20);
export const allMembersPermissionsBody = z
  .object({ all_members_permissions: allMembersPermissions })
  .strict();
export const allMembersPermissionsResponse = z.object({ all_members_permissions: z.array(z.string()) });
