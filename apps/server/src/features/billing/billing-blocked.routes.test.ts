import { WORKSPACE_DISABLED_MESSAGE } from '@vocalis/domain/billing/billing-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { billingClient } from './billing-test-helpers';
import * as repo from './billing.repo';

const SUSAN = 'zjugDQR69KeBdVlIC4vX';

/** What a blocked workspace may do (decision 020). */
describe(`blocked workspaces on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let b: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    app = await startTestApp();
    b = billingClient(app);
  });
  afterAll(() => app?.close());

  const tts = (user: TestUser) =>
    app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
      body: JSON.stringify({ text: 'Hello from a blocked workspace.' }),
    });
  const setStatus = async (user: TestUser, status: repo.SubscriptionRow['status']) => {
    await repo.workspaceBilling(app.database.db, user.workspaceId); // creates the billing row
    await repo.updateSubscription(app.database.db, user.workspaceId, { status });
  };

  it('refuses generation in a free_disabled workspace and spends no characters', async () => {
    const user = await createTestUser(app);
    await setStatus(user, 'free_disabled');
    const res = await tts(user);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: { status: 'workspace_disabled', message: WORKSPACE_DISABLED_MESSAGE },
    });
    const s = await b.subscription(user);
    expect(s.status).toBe('free_disabled');
    expect(s.character_count).toBe(0);
  });

  it('keeps generating within the quota while a payment is past due', async () => {
    const user = await createTestUser(app);
    await setStatus(user, 'past_due');
    const res = await tts(user);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await b.subscription(user)).character_count).toBe(31);
  });
});
