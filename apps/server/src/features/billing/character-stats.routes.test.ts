import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageRecords } from '../../db/schema/usage';
import { newId } from '../../lib/ids';
import { createTestUser, startTestApp, type TestApp } from '../../testing/test-app';
import { billingClient } from './billing-test-helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe(`character stats buckets on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let b: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    app = await startTestApp();
    b = billingClient(app);
  });
  afterAll(() => app?.close());

  it('counts the whole day a window starts in (a billing period that began at 15:00 still shows the morning)', async () => {
    const user = await createTestUser(app);
    // Yesterday (UTC): 302 characters at 09:00, the plan upgraded at 15:00, 40 more at 16:00.
    const day = Math.floor((Date.now() - DAY) / DAY) * DAY;
    const record = (at: number, characters: number) => ({
      id: newId(),
      workspaceId: user.workspaceId,
      userId: user.id,
      voiceId: 'v1',
      modelId: 'm1',
      characters,
      createdAt: new Date(at),
    });
    await app.database.db
      .insert(usageRecords)
      .values([record(day + 9 * HOUR, 302), record(day + 16 * HOUR, 40)]);

    const from = day + 15 * HOUR;
    const stats = await b.call(
      user,
      `/v1/usage/character-stats?start_unix=${from}&end_unix=${day + 20 * HOUR}&aggregation_interval=day`,
    );
    expect(stats.body).toEqual({ time: [day], usage: { All: [342] } });

    const byVoice = await b.call(
      user,
      `/v1/usage/character-stats?start_unix=${from}&end_unix=${day + 20 * HOUR}&aggregation_interval=hour&breakdown_type=voice`,
    );
    // Hour buckets start at the window's own hour: 16:00's 40, not the morning.
    expect(byVoice.body.usage.v1.reduce((a: number, n: number) => a + n, 0)).toBe(40);
  });
});
