import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { decodeAudio } from '../packages/speech/src/audio/ffmpeg';
import { plainVideo } from '../packages/speech/src/audio/plain-video';
import { decodeWav } from '../packages/speech/src/audio/wav';
import { admin } from './admin-cli';
import { DESKTOP, shots } from './screens';
import { signInTo } from './flows';

// Issue 13 "Dubbing": a user uploads a short English video (generated speech over a coloured picture), dubs it into
// Spanish with the built-in engines, watches the result with its segments, and deletes it.
const email = `e2e-dub-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const PAGE = '/app/dubbing';
const SUSAN = 'zjugDQR69KeBdVlIC4vX';
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: DESKTOP });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

/** An mp4 of the speech (a 16 kHz WAV) over a teal picture: mpeg4 video at 5 fps, AAC audio. */
async function videoOf(wav: Buffer): Promise<{ mp4: Buffer; seconds: number }> {
  const { pcm, sampleRate } = decodeWav(new Uint8Array(wav));
  const mp4 = await plainVideo({ pcm, rate: sampleRate, rgb: [20, 150, 140] });
  return { mp4: Buffer.from(mp4), seconds: pcm.length / sampleRate };
}

test('dubs an English video into Spanish, plays it, edits a segment, renders again, and deletes it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dubbing');
  await expect(page.getByText('No dubs yet.')).toBeVisible();

  const speech = await page.request.post(
    `/v1/text-to-speech/${SUSAN}?output_format=wav_16000&enable_logging=false`,
    { data: { text: 'The train was late again, so I walked to the office. My sister has a small dog.' } },
  );
  expect(speech.status()).toBe(200);
  const { mp4, seconds } = await videoOf(await speech.body());

  await page.getByRole('button', { name: 'New dub' }).click();
  const dialog = page.getByRole('dialog', { name: 'New dub' });
  await expect(dialog.getByTestId('dub-pairs')).toContainText('en→es');
  await dialog
    .getByLabel('Video or audio file')
    .setInputFiles({ name: 'walk.mp4', mimeType: 'video/mp4', buffer: mp4 });
  await dialog.getByLabel('Name').fill('Morning walk');
  await dialog.getByLabel('Source language').selectOption('en');
  await dialog.getByLabel('Target language').selectOption('es');
  await shots(page, 'dubbing-create');
  await dialog.getByRole('button', { name: 'Create dub' }).click();
  // The upload is probed and stored before the dialog closes (seconds on a busy machine).
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  const row = page.getByTestId('dub-row').filter({ hasText: 'Morning walk' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Dubbed')).toBeVisible({ timeout: 240_000 });
  await row.getByRole('button', { name: 'Open' }).click();

  const player = page.getByRole('region', { name: 'Dub Morning walk' });
  const video = player.getByTestId('dub-media');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)))
    .toBeGreaterThan(seconds - 0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(seconds + 0.5);
  // The browser decodes the picture (the mpeg4 upload was encoded to H.264).
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(64);
  const segments = player.getByTestId('dub-segment');
  await expect(segments.first()).toBeVisible();
  const translations = () =>
    player
      .locator('textarea[aria-label^="Translation"]')
      .evaluateAll((all) => all.map((t) => (t as HTMLTextAreaElement).value));
  expect((await translations()).join(' ').toLowerCase()).toMatch(/\b(el|la|los|de|en|mi|tren|perro|tarde)\b/);
  await shots(page, 'dubbing-player');

  // The timeline shows the segments on a lane per speaker.
  const timeline = player.getByRole('group', { name: 'Timeline' });
  await expect(timeline.getByTestId('timeline-lane')).toHaveCount(1);
  await expect(timeline.getByRole('button', { name: /^Segment / })).toHaveCount(await segments.count());

  // Edit one segment's translation, dub that segment again, then render the dub again.
  const first = player.locator('textarea[aria-label^="Translation"]').first();
  await first.fill('Hola a todos, buenos días.');
  await segments.first().getByRole('button', { name: 'Save' }).click();
  await expect(segments.first().getByText('edited')).toBeVisible();
  await shots(page, 'dubbing-edited');
  await segments.first().getByRole('button', { name: 'Re-dub' }).click();
  // The mark goes when the segment has been spoken again (the job may end between two fetches of the list).
  await expect(segments.first().getByText('edited')).toBeHidden({ timeout: 240_000 });
  await expect(row.getByText('Dubbed')).toBeVisible({ timeout: 240_000 });
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(player.locator('textarea[aria-label^="Translation"]').first()).toHaveValue(
    'Hola a todos, buenos días.',
  );
  await expect(segments.first().getByText('edited')).toBeHidden();
  await player.getByRole('button', { name: 'Render again' }).click();
  await expect(row.getByText('Dubbed')).toBeVisible({ timeout: 240_000 });
  await row.getByRole('button', { name: 'Open' }).click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)))
    .toBeGreaterThan(seconds - 0.5);
  // The downloaded video decodes, with an audio stream as long as the source.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    player.getByRole('button', { name: 'Download video' }).click(),
  ]);
  const saved = await readFile((await download.path())!);
  const audio = await decodeAudio(new Uint8Array(saved), 16000);
  expect(Math.abs(audio.length / 16000 - seconds)).toBeLessThan(0.3);
  // The audio alone downloads as mp3 of the same length.
  const [audioDownload] = await Promise.all([
    page.waitForEvent('download'),
    player.getByRole('button', { name: 'Download audio' }).click(),
  ]);
  expect(audioDownload.suggestedFilename()).toBe('Morning walk-es.mp3');
  const mp3 = await decodeAudio(new Uint8Array(await readFile((await audioDownload.path())!)), 16000);
  expect(Math.abs(mp3.length / 16000 - seconds)).toBeLessThan(0.3);
  await shots(page, 'dubbing-rendered');

  await row.getByRole('button', { name: 'Delete Morning walk' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No dubs yet.')).toBeVisible();
});
