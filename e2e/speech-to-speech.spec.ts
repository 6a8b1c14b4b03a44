import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { DESKTOP, shots } from './screens';
import { signInTo } from './flows';

// Issue 15 "Speech to speech": a user uploads a recording, picks another voice, converts, plays the result,
// and finds it in the speech-to-speech history (source STS).
const email = `e2e-sts-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const STS = '/app/speech-synthesis/speech-to-speech';
const KAL = 'cZu6SI8gppUv1kFPCYh3'; // a male premade voice: speaks the "recording"
const SENTENCE = 'Could you send me the report before lunch tomorrow?';
// Upper bounds for a shared machine, not timings.
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: DESKTOP });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

test('uploads speech, converts it to another voice, plays it and finds it in its history', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, STS);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speech to speech');
  await expect(page.getByText(/not a neural voice changer/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert' })).toBeDisabled();

  // The "recording": a male voice saying a sentence, as WAV.
  const recording = await page.request.post(
    `/v1/text-to-speech/${KAL}?output_format=wav_16000&enable_logging=false`,
    {
      data: { text: SENTENCE },
    },
  );
  expect(recording.status()).toBe(200);
  await page.getByLabel('Audio file').setInputFiles({
    name: 'my-recording.wav',
    mimeType: 'audio/wav',
    buffer: await recording.body(),
  });
  await expect(page.getByText('my-recording.wav')).toBeVisible();
  await page.getByRole('combobox', { name: 'Voice' }).selectOption({ label: 'Susan' });
  await page.getByRole('button', { name: 'Convert' }).click();

  const result = page.getByRole('region', { name: 'Converted speech' });
  await expect(result.getByText('In Susan')).toBeVisible();
  // What the DSP did, from the server: the pitch moved up from a male voice's.
  const report = await result.getByText(/pitch \d+ Hz → \d+ Hz/).textContent();
  const [, from, to] = /pitch (\d+) Hz → (\d+) Hz/.exec(report ?? '')!;
  expect(Number(from)).toBeLessThan(130);
  expect(Number(to)).toBeGreaterThan(150);
  await expect(result.getByText(/characters used · saved in history/)).toBeVisible();
  // The charge (1,000 characters a minute of input) is spent, and the credits meter follows it.
  const usedText = (await result.getByText(/characters used/).textContent()) ?? '';
  const used = Number(/^([\d,]+) characters used/.exec(usedText)![1]!.replace(',', ''));
  const spent = (
    (await (await page.request.get('/v1/user')).json()) as { subscription: { character_count: number } }
  ).subscription.character_count;
  expect(used).toBeGreaterThan(0);
  expect(spent).toBe(SENTENCE.length + used);
  await expect(
    page.getByText(`${(10_000 - spent).toLocaleString('en')} of 10,000 characters left`),
  ).toBeVisible();
  await result.getByRole('button', { name: /play/i }).first().click();
  await expect(result.getByText(/0:0[1-9]/).first()).toBeVisible();
  await shots(page, 'speech-to-speech');

  // The item is in speech history as STS, with playable audio.
  const listed = (await (await page.request.get('/v1/history?source=STS')).json()) as {
    history: { history_item_id: string; voice_name: string; source: string }[];
  };
  expect(listed.history).toHaveLength(1);
  expect(listed.history[0]).toMatchObject({ voice_name: 'Susan', source: 'STS' });
  const audio = await page.request.get(`/v1/history/${listed.history[0]!.history_item_id}/audio`);
  expect(audio.headers()['content-type']).toBe('audio/mpeg');
  expect((await audio.body()).byteLength).toBeGreaterThan(10_000);

  await page.getByRole('main').getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${STS}/history$`));
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await expect(page.getByTestId('history-row').getByText('Susan')).toBeVisible();
  await shots(page, 'speech-to-speech-history');
});
