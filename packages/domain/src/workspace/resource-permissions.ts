import { canInWorkspace, type WorkspaceActor } from './workspace-permissions';

/**
 * Who may do what to one resource of a workspace (issue 11, decision 165): the resource dimension of the one
 * permission check. A member's role on a resource is the highest of the roles granted to them directly, to a
 * group of theirs (or to the service account they are), a group's `all_members_permissions`, and the
 * resource's baseline (the SDK's `group_id: 'default'` grant, else the workspace's `all_members_permissions`,
 * else `editor`: every member reads, edits and deletes the workspace's content as before sharing existed).
 * The resource's creator and workspace admins hold `admin` on it.
 */
export const RESOURCE_TYPES = [
  'voice',
  'history_item',
  'studio_projects',
  'pronunciation_dictionary',
  'dubbing',
  'convai_agents',
  'convai_knowledge_base_documents',
  'convai_tools',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Names the SDK also uses for a type we hold under another name. */
export const RESOURCE_TYPE_ALIASES: Readonly<Record<string, ResourceType>> = { project: 'studio_projects' };

/** The SDK's roles, weakest first; `none` is "no access" (a baseline can be lowered to it). */
export const RESOURCE_ROLES = ['viewer', 'commenter', 'editor', 'admin'] as const;
export type ResourceRole = (typeof RESOURCE_ROLES)[number];
export type ResourceLevel = ResourceRole | 'none';

export const RESOURCE_ACTIONS = ['read', 'edit', 'delete', 'share', 'transfer_ownership'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/** The role an action needs (transfer_ownership is the creator's or a workspace admin's alone). */
const NEEDS: Record<Exclude<ResourceAction, 'transfer_ownership'>, ResourceRole> = {
  read: 'viewer',
  edit: 'editor',
  delete: 'editor',
  share: 'admin',
};

/** The baseline when neither the resource nor the workspace sets one (today's behaviour). */
export const DEFAULT_BASELINE: ResourceLevel = 'editor';

const rank = (level: string): number => RESOURCE_ROLES.indexOf(level as ResourceRole);

/** The stronger of two levels. */
export function higherLevel(a: ResourceLevel, b: ResourceLevel): ResourceLevel {
  return rank(b) > rank(a) ? b : a;
}

export type ResourceActor = WorkspaceActor & { userId: string };

/** What the check needs to know about one resource, as seen by one actor. */
export type ResourceView = {
  type: ResourceType;
  /** The member who created it (null: unknown, e.g. created before creators were kept). */
  creatorId: string | null;
  /** Roles granted to the actor: directly, through their groups (grants and all_members_permissions). */
  granted: readonly string[];
  /** The resource's baseline for every member: its `default` grant, else the workspace's. */
  baseline: ResourceLevel;
};

/** The actor's effective role on the resource. */
export function resourceLevel(actor: ResourceActor, view: ResourceView): ResourceLevel {
  if (!canInWorkspace(actor, 'read')) return 'none';
  if (canInWorkspace(actor, 'administer') || (view.creatorId !== null && view.creatorId === actor.userId))
    return 'admin';
  let level: ResourceLevel = view.baseline;
  for (const role of view.granted) if (rank(role) >= 0) level = higherLevel(level, role as ResourceRole);
  return level;
}

/** Whether `actor` may do `action` to the resource: the one check every feature's resource access asks. */
export function canOnResource(actor: ResourceActor, view: ResourceView, action: ResourceAction): boolean {
  if (action === 'transfer_ownership') {
    if (!canInWorkspace(actor, 'read')) return false;
    return (
      canInWorkspace(actor, 'administer') || (view.creatorId !== null && view.creatorId === actor.userId)
    );
  }
  return rank(resourceLevel(actor, view)) >= rank(NEEDS[action]);
}

/**
 * The level `all_members_permissions` gives every member on a type: entries `<type>:<level>` (or `*:<level>`
 * for every type; the type's own entry wins), levels `none`, `viewer`, `commenter`, `editor`, `admin`.
 * Returns undefined when no entry concerns the type.
 */
export function allMembersLevel(entries: readonly string[], type: ResourceType): ResourceLevel | undefined {
  let any: ResourceLevel | undefined;
  for (const entry of entries) {
    const parsed = parseAllMembersPermission(entry);
    if (!parsed) continue;
    if (parsed.type === type) return parsed.level;
    if (parsed.type === '*') any = parsed.level;
  }
  return any;
}

/** One `all_members_permissions` entry, or undefined when it is not `<type|*>:<level>`. */
export function parseAllMembersPermission(
  entry: string,
): { type: ResourceType | '*'; level: ResourceLevel } | undefined {
  const [type, level, ...rest] = entry.split(':');
  if (rest.length || !type || !level) return undefined;
  const t = type === '*' ? '*' : (RESOURCE_TYPE_ALIASES[type] ?? type);
  if (t !== '*' && !(RESOURCE_TYPES as readonly string[]).includes(t)) return undefined;
  if (level !== 'none' && rank(level) < 0) return undefined;
  return { type: t as ResourceType | '*', level: level as ResourceLevel };
}

/**
 * The baseline of one resource: its own `default` grant when it has one, else the workspace's
 * `all_members_permissions` for the type, else DEFAULT_BASELINE.
 */
export function resourceBaseline(
  ownDefault: ResourceLevel | undefined,
  workspaceAllMembers: readonly string[],
  type: ResourceType,
): ResourceLevel {
  return ownDefault ?? allMembersLevel(workspaceAllMembers, type) ?? DEFAULT_BASELINE;
}

/** The SDK's resource type (or our alias) as ours, or undefined. */
export function resourceTypeOf(value: string): ResourceType | undefined {
  const t = RESOURCE_TYPE_ALIASES[value] ?? value;
  return (RESOURCE_TYPES as readonly string[]).includes(t) ? (t as ResourceType) : undefined;
}

export const RESOURCE_MESSAGES = {
  notFound: 'Resource not found.',
  shareForbidden: 'You need admin access to this resource to share it.',
  transferForbidden: 'Only the creator of this resource or a workspace admin can transfer its ownership.',
  creatorCannotBeUnshared: 'You cannot remove permissions from the user who created the resource.',
  oneTarget: 'Pass exactly one of user_email, group_id or workspace_api_key_id.',
  userNotMember: 'This user is not a member of the workspace.',
  groupNotFound: 'Group not found.',
  keyNotFound: 'This API key does not belong to a service account of the workspace.',
  readForbidden: 'You do not have access to this resource.',
  editForbidden: 'You need editor access to this resource to change it.',
  deleteForbidden: 'You need editor access to this resource to delete it.',
} as const;
