import { writeFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { signUpAndOnboard } from './flows';
import { DESKTOP, shots } from './screens';

// Issue 15 "Speech to text": a new user opens the page from the sidebar, uploads speech, sees it transcribed by
// a job with word timings that highlight while it plays, exports it, finds it in the history and deletes it.
const email = `stt-${Date.now()}@example.com`;
const password = 'Speech-to-text-1!';
const SPEECH = 'Please check the number and dial again. Thank you for calling, have a nice day.';
// Upper bounds for a shared machine (recognition in a job), not timings.
const expect = baseExpect.configure({ timeout: 60_000 });
const words = (s: string) => s.toLowerCase().match(/[a-z']+/g) ?? [];

test.use({ viewport: DESKTOP });

test('transcribes an upload in a job, highlights words while playing, exports and deletes it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndOnboard(page, { email, firstName: 'Stella', password });

  // Speech to transcribe, spoken by the server's own text to speech as a WAV.
  const voices = (await (await page.request.get('/v1/voices')).json()) as { voices: { voice_id: string }[] };
  const tts = await page.request.post(
    `/v1/text-to-speech/${voices.voices[0]!.voice_id}?output_format=wav_16000`,
    {
      data: { text: SPEECH },
    },
  );
  expect(tts.status()).toBe(200);
  const wavPath = test.info().outputPath('greeting.wav');
  await writeFile(wavPath, await tts.body());

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Speech to text' }).click();
  await expect(page).toHaveURL(/\/app\/speech-to-text$/);
  await expect(page.getByRole('heading', { name: 'Speech to text', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(/Transcribed on this server by PocketSphinx/)).toBeVisible();
  await expect(page.getByText('No transcripts yet.')).toBeVisible();

  await page.getByLabel('Audio or video file').setInputFiles(wavPath);
  await expect(page.getByText('Selected: greeting.wav')).toBeVisible();
  await page.getByRole('button', { name: 'Transcribe' }).click();

  // The job finishes and the live update brings the transcript in.
  const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
  await expect(transcript).toBeVisible();
  const shown = page.getByTestId('transcript-words').getByRole('button');
  await expect(shown.first()).toBeVisible();
  const heard = words((await page.getByTestId('transcript-words').innerText()).replace(/\n/g, ' '));
  const expected = new Set(words(SPEECH));
  expect(heard.filter((w) => expected.has(w)).length).toBeGreaterThanOrEqual(Math.ceil(expected.size / 2));

  // Playing highlights the word being spoken.
  await page.locator('audio').evaluate((a: HTMLAudioElement) => {
    a.muted = true;
    return a.play();
  });
  await expect(page.getByTestId('transcript-words').locator('[aria-current="true"]')).toHaveCount(1);
  await page.locator('audio').evaluate((a: HTMLAudioElement) => a.pause());
  await shots(page, 'speech-to-text');

  // Export as SubRip.
  const download = page.waitForEvent('download');
  await transcript.getByRole('button', { name: 'SRT' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transcript-.+\.srt$/);

  // The history lists it; deleting empties it.
  const history = page.getByRole('complementary', { name: 'Transcripts' });
  await expect(history.getByText('greeting.wav')).toBeVisible();
  await expect(history).toContainText('completed');
  await history.getByRole('button', { name: 'Delete greeting.wav' }).click();
  await expect(history.getByText('No transcripts yet.')).toBeVisible();
});
