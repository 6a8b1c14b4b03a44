import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { DESKTOP, shots } from './screens';
import { signInTo } from './flows';

// Issue 15 "Voice isolator": a user uploads noisy speech, isolates the voice, compares before and after, finds it
// among past isolations and deletes it.
const email = `e2e-iso-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const PAGE = '/app/voice-isolator';
const SUSAN = 'zjugDQR69KeBdVlIC4vX';
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: DESKTOP });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

/** A 16-bit WAV with loud hiss added to every sample (deterministic). */
function addHiss(wav: Buffer): Buffer {
  const out = Buffer.from(wav);
  let seed = 7;
  for (let i = 44; i + 1 < out.length; i += 2) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const v = out.readInt16LE(i) + Math.round((seed / 4294967296 - 0.5) * 6000);
    out.writeInt16LE(Math.max(-32768, Math.min(32767, v)), i);
  }
  return out;
}

test('isolates the voice of a noisy upload, compares before and after, lists and deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voice isolator');
  await expect(page.getByText('Nothing isolated yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Isolate voice' })).toBeDisabled();

  const speech = await page.request.post(
    `/v1/text-to-speech/${SUSAN}?output_format=wav_16000&enable_logging=false`,
    {
      data: { text: 'Please leave your message after the tone, and we will call you back.' },
    },
  );
  expect(speech.status()).toBe(200);
  await page.getByLabel('Audio or video file').setInputFiles({
    name: 'noisy-message.wav',
    mimeType: 'audio/wav',
    buffer: addHiss(await speech.body()),
  });
  await page.getByRole('button', { name: 'Isolate voice' }).click();

  const compare = page.getByRole('region', { name: 'Before and after' });
  await expect(compare.getByText('noisy-message.wav')).toBeVisible();
  for (const which of ['Before', 'After']) {
    const player = compare.getByLabel(which, { exact: true });
    await expect
      .poll(() => player.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)))
      .toBeGreaterThan(2);
  }
  await expect(page.getByText(/\d+ characters used/)).toBeVisible();
  const rows = page.getByTestId('isolation-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('noisy-message.wav')).toBeVisible();
  await shots(page, 'voice-isolator');

  // Comparing a past item loads both files from the server.
  await page.reload();
  await expect(compare).toHaveCount(0);
  await rows.first().getByRole('button', { name: 'Compare' }).click();
  await expect(compare.getByLabel('After', { exact: true })).toBeVisible();

  await rows.first().getByRole('button', { name: 'Delete noisy-message.wav' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Nothing isolated yet.')).toBeVisible();
  const listed = (await (await page.request.get('/v1/audio-isolation/history')).json()) as {
    items: unknown[];
  };
  expect(listed.items).toEqual([]);
});
