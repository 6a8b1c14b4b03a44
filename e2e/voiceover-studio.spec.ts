import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { decodeAudio } from '../packages/speech/src/audio/ffmpeg';
import { plainVideo } from '../packages/speech/src/audio/plain-video';
import { admin } from './admin-cli';
import { DESKTOP, shots } from './screens';
import { signInTo } from './flows';

// Issue 13 "Voiceover studio": a user uploads a short video, adds a text-to-speech clip, moves it on the
// timeline, previews it with the video, exports the mix and downloads it.
const email = `e2e-vo-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const PAGE = '/app/voiceover-studio';
const SECONDS = 5;
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: DESKTOP });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

/** SECONDS of a soft hum under a purple picture: mpeg4 video at 5 fps, AAC audio. */
async function humVideo(): Promise<Buffer> {
  const rate = 16000;
  const pcm = Int16Array.from({ length: SECONDS * rate }, (_, i) =>
    Math.round(400 * Math.sin((2 * Math.PI * 220 * i) / rate)),
  );
  return Buffer.from(await plainVideo({ pcm, rate, rgb: [110, 60, 170] }));
}

test('voices a video: a text-to-speech clip moved on the timeline, previewed, exported and downloaded', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voiceover studio');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Voiceover studio' })).toBeVisible();
  await expect(page.getByText('No voiceover projects yet.')).toBeVisible();
  await shots(page, 'voiceover-empty');

  const form = page.getByRole('form', { name: 'New project' });
  await form
    .getByLabel('Video')
    .setInputFiles({ name: 'harbour.mp4', mimeType: 'video/mp4', buffer: await humVideo() });
  await form.getByLabel('Project name').fill('Harbour tour');
  await form.getByRole('button', { name: 'Create project' }).click();

  const editor = page.getByRole('region', { name: 'Project Harbour tour' });
  const video = editor.getByLabel('Video', { exact: true });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)), {
      timeout: 60_000,
    })
    .toBeGreaterThan(SECONDS - 0.3);
  // The browser shows the picture (the mpeg4 upload was kept as H.264).
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(64);

  const add = editor.getByRole('form', { name: 'Add a clip' });
  await add.getByLabel('Text to speak').fill('Welcome to the harbour tour.');
  await add.getByRole('button', { name: 'Add clip' }).click();
  const clip = editor.getByRole('button', {
    name: /^Speech clip “Welcome to the harbour tour\.” at 0\.00 s$/,
  });
  await expect(clip).toBeVisible({ timeout: 60_000 });

  // Drag the clip to the right, then set its start exactly with the keyboard-accessible field.
  const lane = editor.getByRole('list', { name: 'Track 1 clips' });
  const box = (await lane.boundingBox())!;
  const from = (await clip.boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 10 + box.width * 0.2, from.y + from.height / 2, { steps: 8 });
  await page.mouse.up();
  const moved = editor.getByRole('button', { name: /^Speech clip .* at (\d+\.\d+) s$/ });
  await expect
    .poll(async () => Number(/at (\d+\.\d+) s/.exec((await moved.getAttribute('aria-label')) ?? '')?.[1]))
    .toBeGreaterThan(0.7);
  const start = editor.getByLabel('Start (s)');
  await start.fill('1.5');
  await start.press('Enter');
  await expect(editor.getByRole('button', { name: /^Speech clip .* at 1\.50 s$/ })).toBeVisible();
  await expect(start).toHaveValue('1.5');
  // Trim its end by dragging the right handle half a second to the left.
  const trimOut = editor.getByLabel('Trim out (s)');
  const full = Number(await trimOut.inputValue());
  const handle = (await lane.getByTestId('trim-end').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 - box.width * 0.1, handle.y + handle.height / 2, {
    steps: 6,
  });
  await page.mouse.up();
  await expect.poll(async () => Number(await trimOut.inputValue())).toBeLessThan(full - 0.3);
  await expect(editor.getByRole('button', { name: /^Speech clip .* at 1\.50 s$/ })).toBeVisible();

  // Preview: the video plays and the clip is scheduled with it.
  await editor.getByRole('button', { name: 'Play preview' }).click();
  await expect(editor.getByTestId('preview-state')).toHaveText('Playing with 1 clip');
  await editor.getByRole('button', { name: 'Pause preview' }).click();
  await expect(editor.getByTestId('preview-state')).toHaveText('Paused');
  await shots(page, 'voiceover-editor');

  await editor.getByRole('button', { name: 'Export video' }).click();
  await expect(editor.getByText('Exported', { exact: true })).toBeVisible({ timeout: 120_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    editor.getByRole('button', { name: 'Download mp4' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Harbour tour.mp4');
  const audio = await decodeAudio(new Uint8Array(await readFile((await download.path())!)), 16000);
  expect(Math.abs(audio.length / 16000 - SECONDS)).toBeLessThan(0.1);
  // The speech starts at 1.5 s: louder there than the hum alone before it.
  const rms = (a: number, b: number) => {
    let sum = 0;
    for (let i = a * 16000; i < b * 16000; i++) sum += audio[i]! ** 2;
    return Math.sqrt(sum / ((b - a) * 16000));
  };
  expect(rms(1.5, 2.5)).toBeGreaterThan(rms(0.2, 1.3) * 3);
  await shots(page, 'voiceover-exported');

  await page.getByRole('button', { name: '← All projects' }).click();
  await page.getByRole('button', { name: 'Delete Harbour tour' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No voiceover projects yet.')).toBeVisible();
});
