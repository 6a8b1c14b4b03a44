// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectResponse } from '@vocalis/contracts/studio';
import { beforeEach, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ProjectDictionaries } from './project-dictionaries';

const dictionary = (id: string, name: string, archived: number | null = null) => ({
  id,
  latest_version_id: `${id}-version-2`,
  latest_version_rules_num: 2,
  name,
  permission_on_resource: 'admin',
  created_by: 'u1',
  creation_time_unix: 1_700_000_000,
  archived_time_unix: archived,
  description: null,
});
let sent: unknown[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/get-session'))
        return jsonResponse({
          session: { id: 's', expiresAt: '2999-01-01' },
          user: { id: 'u1', name: 'Bea', email: 'b@example.com', emailVerified: true },
        });
      if (url === '/api/auth/token') return jsonResponse({ token: 'session-token' });
      if (url.startsWith('/v1/pronunciation-dictionaries?'))
        return jsonResponse({
          pronunciation_dictionaries: [
            dictionary('names', 'Names'),
            dictionary('places', 'Places'),
            dictionary('old', 'Old', 1_700_000_100),
          ],
          next_cursor: null,
          has_more: false,
        });
      if (url === '/v1/studio/projects/p1/pronunciation-dictionaries' && init.method === 'POST') {
        sent.push(JSON.parse(init.body as string));
        return jsonResponse({ status: 'ok' });
      }
      return jsonResponse({ detail: { status: 'not_found', message: url } }, { status: 404 });
    }),
  );
});

const project = (locators: { pronunciation_dictionary_id: string; version_id: string | null }[]) =>
  ({
    project_id: 'p1',
    state: 'default',
    pronunciation_dictionaries: locators,
  }) as unknown as ProjectResponse;

it('adds a dictionary at its latest version, lists name and version in order, reorders and takes one off', async () => {
  const { rerender } = renderWithProviders(<ProjectDictionaries project={project([])} />);
  const add = await screen.findByRole('combobox', { name: 'Add a pronunciation dictionary' });
  await waitFor(() =>
    expect(
      within(add)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Add a dictionary…',
      'Names (version names-ve, 2 rules)',
      'Places (version places-v, 2 rules)',
    ]),
  );
  fireEvent.change(add, { target: { value: 'names' } });
  await waitFor(() =>
    expect(sent).toEqual([
      {
        pronunciation_dictionary_locators: [
          { pronunciation_dictionary_id: 'names', version_id: 'names-version-2' },
        ],
      },
    ]),
  );

  // The project as the server now has it: Names at an older version, then Places.
  rerender(
    <ProjectDictionaries
      project={project([
        { pronunciation_dictionary_id: 'names', version_id: 'names-version-1' },
        { pronunciation_dictionary_id: 'places', version_id: 'places-version-2' },
      ])}
    />,
  );
  const items = within(screen.getByRole('list', { name: 'Applied dictionaries' })).getAllByRole('listitem');
  expect(items.map((i) => i.textContent)).toEqual([
    '1Namesversion names-ve (a newer version exists)×',
    '2Placesversion places-v · 2 rules↑×',
  ]);
  fireEvent.click(screen.getByRole('button', { name: 'Apply Places earlier' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toEqual({
    pronunciation_dictionary_locators: [
      { pronunciation_dictionary_id: 'places', version_id: 'places-version-2' },
      { pronunciation_dictionary_id: 'names', version_id: 'names-version-1' },
    ],
  });
  fireEvent.click(screen.getByRole('button', { name: 'Take Names off' }));
  await waitFor(() => expect(sent).toHaveLength(3));
  expect(sent[2]).toEqual({
    pronunciation_dictionary_locators: [
      { pronunciation_dictionary_id: 'places', version_id: 'places-version-2' },
    ],
  });
});
