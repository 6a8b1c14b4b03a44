// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@vocalis/contracts/api-keys';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ApiKeysList } from './api-keys-list';

const key = (id: string, overrides: Partial<ApiKey> = {}): ApiKey => ({
  name: `Key ${id}`,
  hint: `sk_...${id}`,
  key_id: id,
  service_account_user_id: 'u1',
  created_at_unix: Math.floor(Date.now() / 1000) - 3600,
  last_used_at_unix: null,
  is_disabled: false,
  character_limit: null,
  character_count: 0,
  hashed_xi_api_key: 'h',
  ...overrides,
});

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let keys: ApiKey[];

beforeEach(() => {
  calls = [];
  keys = [
    key('a1b2', {
      last_used_at_unix: Math.floor(Date.now() / 1000) - 120,
      character_limit: 1000,
      character_count: 250,
    }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (method === 'POST') {
        keys = [...keys, key('new1', { name: body.name })];
        return jsonResponse({ 'xi-api-key': `sk_${'f'.repeat(48)}`, key_id: 'new1' });
      }
      if (method === 'PATCH') return jsonResponse({ ...keys[0], ...body });
      if (method === 'DELETE') {
        keys = keys.filter((k) => !url.endsWith(k.key_id));
        return jsonResponse({ status: 'ok', message: 'deleted' });
      }
      return jsonResponse({ 'api-keys': keys });
    }),
  );
});

describe('API keys page', () => {
  it('lists name, preview, created, last used and usage', async () => {
    renderWithProviders(<ApiKeysList userId="u1" />);
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('Key a1b2')).toBeTruthy();
    expect(within(row).getByText('sk_...a1b2')).toBeTruthy();
    expect(within(row).getByText('1 hour ago')).toBeTruthy();
    expect(within(row).getByText('2 minutes ago')).toBeTruthy();
    expect(within(row).getByText('250 / 1,000 characters')).toBeTruthy();
    expect(calls[0]!.url).toBe('/v1/service-accounts/u1/api-keys');
  });

  it('says a key made after the page clock last ticked was created now, not in the future', async () => {
    keys = [key('c3d4', { created_at_unix: Math.floor(Date.now() / 1000) + 2 })];
    renderWithProviders(<ApiKeysList userId="u1" />);
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('now')).toBeTruthy();
    expect(within(row).queryByText(/^in /)).toBeNull();
  });

  it('creates a key with chosen permissions and a limit, and shows the key once', async () => {
    renderWithProviders(<ApiKeysList userId="u1" />);
    await screen.findByTestId('api-key-row');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CI' } });
    fireEvent.click(screen.getByLabelText('Only the selected ones'));
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true); // no scope chosen yet
    fireEvent.click(screen.getByLabelText('Text to speech'));
    fireEvent.click(screen.getByLabelText('Limit characters'));
    fireEvent.change(screen.getByLabelText('Character limit'), { target: { value: '5000' } });
    fireEvent.click(create);

    expect((await screen.findByTestId('new-api-key')).textContent).toBe(`sk_${'f'.repeat(48)}`);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'CI',
      permissions: ['text_to_speech'],
      character_limit: 5000,
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('new-api-key')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(2));
  });

  it('edits a key: clearing the limit sends clear', async () => {
    renderWithProviders(<ApiKeysList userId="u1" />);
    await screen.findByTestId('api-key-row');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Key a1b2' }));
    expect((screen.getByLabelText('Character limit') as HTMLInputElement).value).toBe('1000');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByLabelText('Limit characters'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/v1/service-accounts/u1/api-keys/a1b2');
    expect(patch.body).toEqual({ name: 'Renamed', permissions: 'all', character_limit: 'clear' });
  });

  it('deletes only after the confirm dialog is confirmed', async () => {
    renderWithProviders(<ApiKeysList userId="u1" />);
    await screen.findByTestId('api-key-row');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Key a1b2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Key a1b2' }));
    expect(await screen.findByText('Delete API key "Key a1b2"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('api-key-row')).toBeNull());
  });
});
