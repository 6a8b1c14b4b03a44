// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { PronunciationView } from './pronunciation-view';

type Rule = Record<string, unknown> & { string_to_replace: string };
let rules: Rule[];
let archived: number | null;
let name: string;
let version: number;
let calls: { url: string; method: string; body: unknown }[];

const meta = () => ({
  id: 'pd1',
  latest_version_id: `v${version}`,
  latest_version_rules_num: rules.length,
  name,
  permission_on_resource: 'admin',
  created_by: 'u1',
  creation_time_unix: 1_700_000_000,
  archived_time_unix: archived,
  description: null,
});

beforeEach(() => {
  rules = [];
  archived = null;
  name = 'Names';
  version = 0;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ url, method, body });
      if (url.endsWith('/get-session'))
        return jsonResponse({
          session: { id: 's', expiresAt: '2999-01-01' },
          user: { id: 'u1', name: 'Bea', email: 'b@example.com', emailVerified: true },
        });
      if (url === '/api/auth/token') return jsonResponse({ token: 'session-token' });
      if (url.startsWith('/v1/pronunciation-dictionaries?'))
        return jsonResponse({
          pronunciation_dictionaries: version ? [meta()] : [],
          next_cursor: null,
          has_more: false,
        });
      if (url === '/v1/pronunciation-dictionaries/add-from-rules') {
        const b = body as { name: string; rules: Rule[] };
        name = b.name;
        rules = b.rules;
        version = 1;
        return jsonResponse({ ...meta(), version_id: 'v1', version_rules_num: rules.length });
      }
      if (url === '/v1/pronunciation-dictionaries/add-from-file')
        return jsonResponse(
          { detail: { status: 'invalid_pls', message: 'The file is not a PLS lexicon.' } },
          { status: 400 },
        );
      if (url === '/v1/pronunciation-dictionaries/pd1' && method === 'GET')
        return jsonResponse({ ...meta(), rules });
      if (url === '/v1/pronunciation-dictionaries/pd1' && method === 'PATCH') {
        const b = body as { name?: string; archived?: boolean };
        if (b.name) name = b.name;
        if (b.archived !== undefined) archived = b.archived ? 1_700_000_100 : null;
        return jsonResponse(meta());
      }
      if (url === '/v1/pronunciation-dictionaries/pd1/add-rules') {
        const added = (body as { rules: Rule[] }).rules;
        rules = [
          ...rules.filter((r) => !added.some((a) => a.string_to_replace === r.string_to_replace)),
          ...added,
        ];
        version += 1;
        return jsonResponse({ id: 'pd1', version_id: `v${version}`, version_rules_num: rules.length });
      }
      if (url === '/v1/pronunciation-dictionaries/pd1/remove-rules') {
        const gone = (body as { rule_strings: string[] }).rule_strings;
        rules = rules.filter((r) => !gone.includes(r.string_to_replace));
        version += 1;
        return jsonResponse({ id: 'pd1', version_id: `v${version}`, version_rules_num: rules.length });
      }
      return jsonResponse({ detail: { status: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
});

describe('PronunciationView', () => {
  it('creates a dictionary from an alias rule, adds a phoneme rule, removes one, renames and archives it', async () => {
    renderWithProviders(<PronunciationView />, { path: '/app/pronunciation-dictionaries' });
    expect(await screen.findByText('No pronunciation dictionaries yet.')).toBeTruthy();

    const form = screen.getByRole('region', { name: 'New dictionary' });
    const create = within(form).getByRole('button', { name: 'Create dictionary' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Names' } });
    fireEvent.change(within(form).getByLabelText('Word or phrase'), { target: { value: 'Vocalis' } });
    fireEvent.change(within(form).getByLabelText('Say it as'), { target: { value: 'voh ka lis' } });
    fireEvent.click(create);

    const panel = await screen.findByRole('region', { name: 'Dictionary Names' });
    expect(calls.find((c) => c.url.endsWith('/add-from-rules'))?.body).toEqual({
      name: 'Names',
      rules: [{ type: 'alias', string_to_replace: 'Vocalis', alias: 'voh ka lis' }],
    });
    const list = within(panel).getByRole('list', { name: 'Rules' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Vocalis→voh ka lis')]);
    expect(within(panel).getByText(/Version v1 · 1 rule/)).toBeTruthy();

    // A phoneme rule in CMU Arpabet.
    fireEvent.change(within(panel).getByLabelText('Rule type'), { target: { value: 'phoneme' } });
    fireEvent.change(within(panel).getByLabelText('Word or phrase'), { target: { value: 'tomato' } });
    fireEvent.change(within(panel).getByLabelText('Phonemes'), { target: { value: 'T AH0 M AA1 T OW2' } });
    fireEvent.change(within(panel).getByLabelText('Alphabet'), { target: { value: 'cmu-arpabet' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(list.textContent).toContain('/T AH0 M AA1 T OW2/ (CMU Arpabet)');
    expect(calls.find((c) => c.url.endsWith('/add-rules'))?.body).toEqual({
      rules: [
        {
          type: 'phoneme',
          string_to_replace: 'tomato',
          phoneme: 'T AH0 M AA1 T OW2',
          alphabet: 'cmu-arpabet',
        },
      ],
    });
    expect(within(panel).getByText(/Version v2 · 2 rules/)).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Vocalis' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/remove-rules'))?.body).toEqual({ rule_strings: ['Vocalis'] });

    const rename = within(panel).getByLabelText('Dictionary name');
    fireEvent.change(rename, { target: { value: 'Brand names' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('region', { name: 'Dictionary Brand names' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeTruthy();
    const item = within(screen.getByRole('list', { name: 'Dictionaries' })).getByRole('listitem');
    await waitFor(() => expect(item.textContent).toContain('Archived'));
    expect(item.textContent).toContain('Brand names');
  });

  it('shows the server error when a PLS upload is refused', async () => {
    renderWithProviders(<PronunciationView />, { path: '/app/pronunciation-dictionaries' });
    const form = await screen.findByRole('region', { name: 'New dictionary' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Upload' } });
    fireEvent.click(within(form).getByLabelText('Upload a PLS file'));
    fireEvent.change(within(form).getByLabelText('PLS file'), {
      target: { files: [new File(['nope'], 'x.pls', { type: 'application/pls+xml' })] },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create dictionary' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('The file is not a PLS lexicon.');
    const sent = calls.find((c) => c.url.endsWith('/add-from-file'))!.body as FormData;
    expect(sent.get('name')).toBe('Upload');
    expect((sent.get('file') as File).name).toBe('x.pls');
  });
});
