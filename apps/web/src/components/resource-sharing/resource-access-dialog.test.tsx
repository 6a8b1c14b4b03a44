// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ResourceMetadata } from '@vocalis/contracts/workspace-resources';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ResourceAccessDialog } from './resource-access-dialog';

const meta = (over: Partial<ResourceMetadata> = {}): ResourceMetadata => ({
  resource_id: 'v1',
  resource_name: 'Narrator',
  resource_type: 'voice',
  creator_user_id: 'u-alice',
  creator_email: 'alice@example.com',
  anonymous_access_level_override: null,
  role_to_group_ids: {},
  share_options: [
    { name: 'alice@example.com', id: 'u-alice', type: 'user' },
    { name: 'bob@example.com', id: 'u-bob', type: 'user' },
    { name: 'carol@example.com', id: 'u-carol', type: 'user' },
    { name: 'Narrators', id: 'g1', type: 'group' },
  ],
  grants: [{ grantee_type: 'user', grantee_id: 'u-carol', name: 'carol@example.com', role: 'editor' }],
  baseline_role: 'editor',
  your_role: 'admin',
  can_transfer_ownership: true,
  ...over,
});

function stubApi(initial: ResourceMetadata) {
  const current = initial;
  const posts: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/v1/workspace/resources/v1?resource_type=voice') return jsonResponse(current);
    if (init?.method === 'POST') {
      posts.push({ path: url, body: JSON.parse(String(init.body)) });
      return jsonResponse({ status: 'ok' });
    }
    return jsonResponse({ detail: { status: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return posts;
}

const open = () =>
  renderWithProviders(
    <ResourceAccessDialog resource={{ type: 'voice', id: 'v1' }} name="Narrator" onClose={() => undefined} />,
  );

describe('ResourceAccessDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the creator, the grants and the workspace default', async () => {
    stubApi(meta());
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Share Narrator' });
    const people = await within(dialog).findByRole('region', { name: 'People with access' });
    expect(within(people).getByRole('listitem', { name: 'alice@example.com' }).textContent).toContain(
      'Creator',
    );
    expect((within(people).getByLabelText('Role of carol@example.com') as HTMLSelectElement).value).toBe(
      'editor',
    );
    expect((within(dialog).getByLabelText('Everyone in the workspace') as HTMLSelectElement).value).toBe(
      'editor',
    );
  });

  it('an admin makes it private, adds a member as viewer, changes and removes a grant', async () => {
    const posts = stubApi(meta());
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Share Narrator' });
    fireEvent.change(await within(dialog).findByLabelText('Everyone in the workspace'), {
      target: { value: 'none' },
    });
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({
        path: '/v1/workspace/resources/v1/unshare',
        body: { group_id: 'default', resource_type: 'voice' },
      }),
    );

    // The creator and members already holding a grant are not offered again.
    const picker = within(dialog).getByLabelText('Member or group');
    const offered = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual(['Choose a member or group', 'bob@example.com', 'Narrators']);
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(picker, { target: { value: 'u-bob' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'viewer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({
        path: '/v1/workspace/resources/v1/share',
        body: { user_email: 'bob@example.com', role: 'viewer', resource_type: 'voice' },
      }),
    );

    fireEvent.change(within(dialog).getByLabelText('Member or group'), { target: { value: 'g1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posts.at(-1)?.body).toEqual({ group_id: 'g1', role: 'viewer', resource_type: 'voice' }),
    );

    fireEvent.change(within(dialog).getByLabelText('Role of carol@example.com'), {
      target: { value: 'admin' },
    });
    await waitFor(() =>
      expect(posts.at(-1)?.body).toEqual({
        user_email: 'carol@example.com',
        role: 'admin',
        resource_type: 'voice',
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove carol@example.com' }));
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({
        path: '/v1/workspace/resources/v1/unshare',
        body: { user_email: 'carol@example.com', resource_type: 'voice' },
      }),
    );
    expect(posts).toHaveLength(5);
  });

  it('offers service accounts by their keys and shares with the key', async () => {
    const posts = stubApi(
      meta({
        share_options: [
          ...meta().share_options,
          { name: 'Publishing bot (production)', id: 'key-1', type: 'key' },
        ],
      }),
    );
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Share Narrator' });
    const picker = await within(dialog).findByLabelText('Member or group');
    const accounts = within(picker).getByRole('group', { name: 'Service accounts' });
    expect(
      within(accounts)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Publishing bot (production)']);
    fireEvent.change(picker, { target: { value: 'key-1' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'editor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({
        path: '/v1/workspace/resources/v1/share',
        body: { workspace_api_key_id: 'key-1', role: 'editor', resource_type: 'voice' },
      }),
    );
  });

  it('someone without admin access reads the list and changes nothing', async () => {
    const posts = stubApi(
      meta({
        your_role: 'viewer',
        can_transfer_ownership: false,
        baseline_role: 'none',
        grants: [
          { grantee_type: 'default', grantee_id: 'default', name: null, role: 'none' },
          { grantee_type: 'group', grantee_id: 'g1', name: 'Narrators', role: 'viewer' },
        ],
      }),
    );
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Share Narrator' });
    expect((await within(dialog).findByTestId('baseline')).textContent).toContain(
      'No access: only the people listed below.',
    );
    const group = within(dialog).getByRole('listitem', { name: 'Narrators' });
    expect(group.textContent).toContain('GroupViewer');
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(dialog).getByText('Only admins of this voice can change who has access.')).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Ownership' })).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('its creator or a workspace admin hands it to another member', async () => {
    const posts = stubApi(meta());
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Share Narrator' });
    const ownership = await within(dialog).findByRole('region', { name: 'Ownership' });
    const owner = within(ownership).getByLabelText('New owner') as HTMLSelectElement;
    // The creator is not offered; every other member is.
    expect([...owner.options].map((o) => o.value)).toEqual(['', 'bob@example.com', 'carol@example.com']);
    const transfer = within(ownership).getByRole('button', { name: 'Transfer' }) as HTMLButtonElement;
    expect(transfer.disabled).toBe(true);
    fireEvent.change(owner, { target: { value: 'bob@example.com' } });
    fireEvent.click(transfer);
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({
        path: '/v1/workspace/resources/v1/transfer-ownership',
        body: { resource_type: 'voice', user_email: 'bob@example.com' },
      }),
    );
    // Done: the choice is cleared (the metadata is read again for the new creator).
    await waitFor(() => expect(owner.value).toBe(''));
  });

  it('says so when the access cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ detail: { status: 'voice_not_found', message: 'Voice not found.' } }, { status: 404 }),
      ),
    );
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Voice not found.');
  });
});
