import { expect as baseExpect, test } from '@playwright/test';
import { signUpAndOnboard } from './flows';
import { shoot } from './screens';

// Issue 12 "a pronunciation rule changes what is heard": a new user makes a dictionary (tomato → potato), picks it
// in text to speech, generates, and the server's recogniser hears "potato" in the generation's stored audio.
const user = {
  email: `e2e-pron-tts-${Date.now()}@example.com`,
  firstName: 'Ada',
  password: 'e2e-password-1!',
};
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 1440, height: 900 } });

test('a dictionary picked in text to speech is sent and heard', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page, user);

  await page.goto('/app/pronunciation-dictionaries');
  const form = page.getByRole('region', { name: 'New dictionary' });
  await form.getByLabel('Name').fill('Vegetables');
  await form.getByLabel('Word or phrase').fill('tomato');
  await form.getByLabel('Say it as').fill('potato');
  await form.getByRole('button', { name: 'Create dictionary' }).click();
  await expect(page.getByRole('region', { name: 'Dictionary Vegetables' })).toBeVisible();

  await page.goto('/app/speech-synthesis/text-to-speech');
  await page.getByLabel('Text').fill('I would like a tomato please.');
  const picker = page.getByRole('group', { name: 'Pronunciation dictionaries' });
  const option = (await picker.locator('option', { hasText: 'Vegetables' }).textContent())!.trim();
  expect(option).toMatch(/^Vegetables \(version \w{8}, 1 rule\)$/);
  await picker.getByLabel('Add a pronunciation dictionary').selectOption({ label: option });
  const applied = picker.getByRole('list', { name: 'Applied dictionaries' }).getByRole('listitem');
  await expect(applied).toHaveText([/Vegetables\s*version \w{8} · 1 rule/]);
  await shoot(page, { path: test.info().outputPath('tts-dictionary-1440.png'), fullPage: true });

  const sent = page.waitForRequest((r) => r.url().includes('/v1/text-to-speech/') && r.method() === 'POST');
  const answered = page.waitForResponse(
    (r) => r.url().includes('/v1/text-to-speech/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate speech' }).click();
  const body = (await sent).postDataJSON() as {
    pronunciation_dictionary_locators?: { pronunciation_dictionary_id: string; version_id: string }[];
  };
  expect(body.pronunciation_dictionary_locators).toHaveLength(1);
  const response = await answered;
  expect(response.status()).toBe(200);
  const historyId = response.headers()['history-item-id']!;
  expect(historyId).toBeTruthy();

  // The stored audio of that generation, transcribed by the server (speech to text).
  let heard = '';
  await expect
    .poll(
      async () =>
        (heard = await page.evaluate(async (id) => {
          const token = (
            (await (await fetch('/api/auth/token', { credentials: 'include' })).json()) as { token: string }
          ).token;
          const auth = { Authorization: `Bearer ${token}` };
          const audio = await fetch(`/v1/history/${id}/audio`, { headers: auth });
          if (!audio.ok) return `audio ${audio.status}`;
          const form = new FormData();
          form.set('model_id', 'scribe_v1');
          form.set('file', await audio.blob(), 'speech.mp3');
          const stt = await fetch('/v1/speech-to-text', { method: 'POST', headers: auth, body: form });
          return ((await stt.json()) as { text?: string }).text ?? `stt ${stt.status}`;
        }, historyId)),
      { timeout: 60_000 },
    )
    .toMatch(/potato/i);
  expect(heard).not.toMatch(/tomato/i);
});
