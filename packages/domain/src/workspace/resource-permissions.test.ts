import { describe, expect, it } from 'vitest';
import {
  allMembersLevel,
  canOnResource,
  DEFAULT_BASELINE,
  parseAllMembersPermission,
  RESOURCE_ACTIONS,
  RESOURCE_TYPES,
  resourceBaseline,
  resourceLevel,
  resourceTypeOf,
  type ResourceAction,
  type ResourceActor,
  type ResourceView,
} from './resource-permissions';

const me = 'u_me';
const editor: ResourceActor = { userId: me, role: 'editor', isOwner: false };

// How the actor stands to the resource → what the whole table expects for every action, on every type.
const CASES: {
  name: string;
  actor: ResourceActor;
  view: Omit<ResourceView, 'type'>;
  expected: Record<ResourceAction, boolean>;
}[] = [
  {
    name: 'a workspace admin on a private resource of another member',
    actor: { userId: me, role: 'admin', isOwner: false },
    view: { creatorId: 'u_other', granted: [], baseline: 'none' },
    expected: { read: true, edit: true, delete: true, share: true, transfer_ownership: true },
  },
  {
    name: 'the creator (an editor) with the baseline lowered to none',
    actor: editor,
    view: { creatorId: me, granted: [], baseline: 'none' },
    expected: { read: true, edit: true, delete: true, share: true, transfer_ownership: true },
  },
  {
    name: 'an editor under the default baseline (content open to all members)',
    actor: editor,
    view: { creatorId: 'u_other', granted: [], baseline: DEFAULT_BASELINE },
    expected: { read: true, edit: true, delete: true, share: false, transfer_ownership: false },
  },
  {
    name: 'an editor without any grant on a private resource',
    actor: editor,
    view: { creatorId: 'u_other', granted: [], baseline: 'none' },
    expected: { read: false, edit: false, delete: false, share: false, transfer_ownership: false },
  },
  {
    name: 'a viewer grant',
    actor: editor,
    view: { creatorId: 'u_other', granted: ['viewer'], baseline: 'none' },
    expected: { read: true, edit: false, delete: false, share: false, transfer_ownership: false },
  },
  {
    name: 'a commenter grant',
    actor: editor,
    view: { creatorId: 'u_other', granted: ['commenter'], baseline: 'none' },
    expected: { read: true, edit: false, delete: false, share: false, transfer_ownership: false },
  },
  {
    name: 'an editor grant (e.g. through a group)',
    actor: editor,
    view: { creatorId: 'u_other', granted: ['viewer', 'editor'], baseline: 'none' },
    expected: { read: true, edit: true, delete: true, share: false, transfer_ownership: false },
  },
  {
    name: 'an admin grant',
    actor: editor,
    view: { creatorId: 'u_other', granted: ['admin'], baseline: 'viewer' },
    expected: { read: true, edit: true, delete: true, share: true, transfer_ownership: false },
  },
  {
    name: 'a viewer baseline and no grant',
    actor: editor,
    view: { creatorId: null, granted: [], baseline: 'viewer' },
    expected: { read: true, edit: false, delete: false, share: false, transfer_ownership: false },
  },
  {
    name: 'a locked creator',
    actor: { ...editor, isLocked: true },
    view: { creatorId: me, granted: ['admin'], baseline: 'admin' },
    expected: { read: false, edit: false, delete: false, share: false, transfer_ownership: false },
  },
  {
    name: 'someone outside the workspace',
    actor: { userId: me, role: 'none', isOwner: false },
    view: { creatorId: me, granted: ['admin'], baseline: 'editor' },
    expected: { read: false, edit: false, delete: false, share: false, transfer_ownership: false },
  },
];

describe('canOnResource: every case × resource type × action', () => {
  for (const c of CASES) {
    for (const type of RESOURCE_TYPES) {
      for (const action of RESOURCE_ACTIONS) {
        const expected = c.expected[action];
        it(`${c.name}: ${expected ? 'may' : 'may not'} ${action} a ${type}`, () => {
          expect(canOnResource(c.actor, { ...c.view, type }, action)).toBe(expected);
        });
      }
    }
  }

  it('ignores roles it does not know', () => {
    const view: ResourceView = { type: 'voice', creatorId: null, granted: ['owner'], baseline: 'none' };
    expect(resourceLevel(editor, view)).toBe('none');
  });
});

describe('all_members_permissions', () => {
  it('reads <type>:<level> entries, the type’s own entry over *', () => {
    expect(allMembersLevel(['*:viewer', 'voice:none'], 'voice')).toBe('none');
    expect(allMembersLevel(['*:viewer', 'voice:none'], 'dubbing')).toBe('viewer');
    expect(allMembersLevel(['project:admin'], 'studio_projects')).toBe('admin');
    expect(allMembersLevel([], 'voice')).toBeUndefined();
  });

  it('refuses entries that are not <type|*>:<level>', () => {
    for (const bad of ['voice', 'voice:owner', 'song:viewer', 'voice:viewer:x', ':viewer', 'voice:'])
      expect(parseAllMembersPermission(bad)).toBeUndefined();
  });

  it('gives a resource its own default first, then the workspace’s, then editor', () => {
    expect(resourceBaseline('viewer', ['voice:none'], 'voice')).toBe('viewer');
    expect(resourceBaseline(undefined, ['voice:none'], 'voice')).toBe('none');
    expect(resourceBaseline(undefined, [], 'voice')).toBe('editor');
  });

  it('maps the SDK’s project type to studio projects and refuses unknown ones', () => {
    expect(resourceTypeOf('project')).toBe('studio_projects');
    expect(resourceTypeOf('voice')).toBe('voice');
    expect(resourceTypeOf('songs')).toBeUndefined();
  });
});
