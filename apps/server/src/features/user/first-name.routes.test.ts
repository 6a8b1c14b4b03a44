import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/commands';
import { createApiKey } from '../api-keys/api-keys.service';
import { startTestApp, type TestApp } from '../../testing/test-app';

let seq = 0;
const newEmail = (local = 'fn') => `${local}${++seq}-${Date.now()}@example.com`;

describe(`a new account's first name on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const admin = (...argv: string[]) =>
    runAdminCommand(
      {
        config: app.config,
        database: app.database,
        auth: app.auth,
        messages: app.messages,
        users: app.users,
        log: app.app.log,
      },
      argv,
    );
  /** GET /v1/user's first_name for the user `userId`, read with an API key of theirs. */
  const firstNameOf = async (userId: string) => {
    const { key } = await createApiKey(app.database.db, userId, 'test');
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': key } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { first_name: string | null }).first_name;
  };
  const createUser = async (...extra: string[]) => {
    const res = await admin('create-user', '--email', newEmail(), '--password', 'long-enough-1!', ...extra);
    expect(res.exitCode, res.stderr.join('\n')).toBe(0);
    return res.stdout.at(-1)!;
  };

  it('starts as the --name an operator gave: `create-user --name Ann`', async () => {
    expect(await firstNameOf(await createUser('--name', 'Ann'))).toBe('Ann');
  });

  it('is the first word of a full name', async () => {
    expect(await firstNameOf(await createUser('--name', 'Ann Lee'))).toBe('Ann');
  });

  it('stays empty when no name was given (the name then is only the address before the @)', async () => {
    expect(await firstNameOf(await createUser())).toBeNull();
  });

  it('starts as the name typed on the sign-up form', async () => {
    const email = newEmail();
    const res = await app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email, password: 'Str0ng-pass!', name: 'Ben Ode' }),
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    expect(await firstNameOf(user.id)).toBe('Ben');
  });
});
