/**
 * What the quota, the slot and the history cost one generation in statements (decision 028): the debit
 * and the slot are one statement (the reservation), the API key's charge one more, and the completion one
 * transaction holding the reservation's end (with the usage record) and the history item. Counts are
 * stable where times are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingTestApp, type CountingTestApp } from '../../testing/counting-test-app';
import { createTestUser } from '../../testing/test-app';

const KAL = 'cZu6SI8gppUv1kFPCYh3'; // Flite kal16

describe(`statements of one generation on ${process.env.TEST_DB}`, () => {
  let app: CountingTestApp;
  beforeAll(async () => {
    app = await startCountingTestApp();
  });
  afterAll(() => app?.close());

  it('reserves in one statement and keeps the generation and its history item in one transaction', async () => {
    const user = await createTestUser(app);
    const res = await app.counted(`/v1/text-to-speech/${KAL}?output_format=pcm_16000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
      body: JSON.stringify({ text: 'Counted.' }),
    });
    expect(res.status).toBe(200);
    const flat = res.statements.map((s) => s.replace(/\s+/g, ' ').trim());
    const at = (re: RegExp) => flat.findIndex((s) => re.test(s));
    const reserve = at(/^WITH debit AS \( INSERT INTO "workspace_usage"/);
    expect(flat[reserve]).toContain('INSERT INTO "generation_reservations"');
    expect(flat[reserve + 1]).toMatch(/^WITH held AS .*charged AS \( UPDATE "api_keys"/);
    const kinds = [
      /^begin$/i,
      /^WITH gone AS \(DELETE FROM "generation_reservations"/,
      /^insert into "history_items"/,
      /^commit$/i,
    ];
    kinds.forEach((kind, k) => expect(flat[reserve + 2 + k]).toMatch(kind));
    expect(flat[reserve + 3]).toContain('INSERT INTO "usage_records"');
    // Nothing else touches the quota, the slots or the history (reserve, key charge, completion, item).
    expect(
      flat.filter((s) => /workspace_usage|generation_reservations|usage_records|history_items/.test(s)),
    ).toHaveLength(4);
  });
});
