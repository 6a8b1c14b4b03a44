/**
 * previous_text / next_text over the API: they shape the boundary of the audio (see
 * packages/speech/src/synthesize.ts) but are never spoken in full, aligned or billed.
 */
import { findRhvoice } from '@vocalis/speech/engines/rhvoice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const KAL = 'cZu6SI8gppUv1kFPCYh3'; // Flite kal16, RHVoice bdl
// Flite opens an utterance with ~0.2 s of silence, RHVoice with less; a continuation starts on its first word.
const MODELS: [string, number][] = [
  ['vocalis_flite_v1', 0.15],
  ...(findRhvoice() ? [['vocalis_rhvoice_v1', 0.05] as [string, number]] : []),
];
const TEXT = 'The train left the station at noon.';

type Timed = { audio_base64: string; alignment: { characters: string[] } };

describe(`previous_text and next_text on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  const post = (body: object) =>
    app.request(`/v1/text-to-speech/${KAL}/with-timestamps?output_format=pcm_16000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
      body: JSON.stringify(body),
    });
  const characterCount = async () =>
    (
      (await (await app.request('/v1/user', { headers: { 'xi-api-key': user.apiKey } })).json()) as {
        subscription: { character_count: number };
      }
    ).subscription.character_count;
  /** Seconds of silence before the first sample louder than -40 dBFS. */
  const leadingSilence = (base64: string) => {
    const bytes = Buffer.from(base64, 'base64');
    const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
    return pcm.findIndex((v) => Math.abs(v) > 328) / 16000;
  };

  it.each(MODELS)(
    'starts a continuation on its first word, aligns and bills only the text itself (%s)',
    async (model_id, opening) => {
      const before = await characterCount();
      const alone = await post({ text: TEXT, model_id });
      expect(alone.status).toBe(200);
      const continued = await post({
        text: TEXT,
        model_id,
        previous_text: 'We waited on the platform for an hour. '.repeat(50),
        next_text: 'It was late. '.repeat(50),
      });
      expect(continued.status).toBe(200);
      const a = (await alone.json()) as Timed;
      const c = (await continued.json()) as Timed;
      expect(c.alignment.characters.join('')).toBe(TEXT);
      expect(leadingSilence(a.audio_base64)).toBeGreaterThan(opening);
      expect(leadingSilence(c.audio_base64)).toBeLessThan(0.06);
      // The neighbours are not spoken: at most a short boundary pause is added or removed.
      const seconds = (b: string) => Buffer.from(b, 'base64').length / 2 / 16000;
      expect(Math.abs(seconds(c.audio_base64) - seconds(a.audio_base64))).toBeLessThan(0.4);
      expect((await characterCount()) - before).toBe(2 * TEXT.length);
    },
  );

  it('refuses neighbours longer than 10,000 characters with 422', async () => {
    const res = await post({ text: TEXT, next_text: 'x'.repeat(10_001) });
    expect(res.status).toBe(422);
  });
});
