import { expect as baseExpect, test } from '@playwright/test';
import { signUpAndOnboard } from './flows';
import { DESKTOP, shots } from './screens';

// Issue 10 "Voice design": a new user designs a voice from a description in the dialog any app page opens
// with ?dialog=design-voice, plays a preview, saves it, finds it among the generated voices and speaks with it.
const email = `design-${Date.now()}@example.com`;
const password = 'Design-voice-1!';
const TTS = '/app/speech-synthesis/text-to-speech';
// Upper bounds for a shared machine (speech of three previews), not timings.
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: DESKTOP });

test('designs a voice in the dialog, plays a preview, saves it and speaks with it', async ({ page }) => {
  test.setTimeout(240_000);
  // Sign up, verify by mail, sign in, finish onboarding.
  await signUpAndOnboard(page, { email, firstName: 'Vera', password });

  // Any app page opens the dialog from the URL.
  await page.goto(`${TTS}?dialog=design-voice`);
  const dialog = page.getByRole('dialog', { name: 'Design a voice' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/profile voice/)).toBeVisible();

  // The description is read as it is typed: attributes understood, words not used.
  await dialog
    .getByLabel('Describe the voice')
    .fill('a deep, slow, older British man, warm and calm, mysterious');
  const reading = dialog.getByTestId('description-reading');
  for (const chip of [
    'Gender: male',
    'Age: old',
    'Accent: British',
    'Pitch: low',
    'Pace: slow',
    'Energy: calm',
    'Tone: warm',
  ])
    await expect(reading.getByText(chip, { exact: true })).toBeVisible();
  await expect(reading.getByText('mysterious')).toBeVisible();
  await shots(page, 'voice-design-description', { fullPage: false });

  await dialog.getByRole('button', { name: 'Generate previews' }).click();
  await expect(dialog.getByRole('button', { name: /^Play preview \d$/ })).toHaveCount(3, {
    timeout: 120_000,
  });
  await expect(dialog.getByText('Text written for the voice (auto-generated):')).toBeVisible();
  await expect(dialog.getByText('Words not used: mysterious')).toBeVisible();

  // Play the second preview: its button turns into Stop while it plays (or back once it ended).
  await dialog.getByRole('button', { name: 'Play preview 2' }).click();
  await expect(dialog.getByRole('button', { name: 'Stop preview 2' })).toBeVisible();
  await dialog.getByLabel('Use preview 2').check();
  await dialog.getByLabel('Voice name').fill('Harbour Narrator');
  await shots(page, 'voice-design-previews', { fullPage: false });

  await dialog.getByRole('button', { name: 'Save voice' }).click();
  await expect(page.getByText('Voice "Harbour Narrator" created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${TTS}$`));

  // The voice is in the dropdown's generated section; speak with it.
  await page.getByRole('button', { name: /^Voice: / }).click();
  const option = page
    .getByRole('group', { name: 'Generated voices' })
    .getByRole('option', { name: /Harbour Narrator/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByRole('button', { name: 'Voice: Harbour Narrator' })).toBeVisible();
  await page.getByLabel('Text').fill('The harbour lights came on one by one as the fog rolled in.');
  await page.getByRole('button', { name: 'Generate speech' }).click();
  const player = page.getByTestId('audio-player');
  await expect(player).toHaveAttribute('data-state', /playing|ended/);
  await expect(player.getByText('Harbour Narrator')).toBeVisible();

  // A remix starts from the saved voice: ?dialog=design-voice&remix=<voice_id>.
  const { voices } = (await (await page.request.get('/v1/voices')).json()) as {
    voices: { voice_id: string; name: string }[];
  };
  const saved = voices.find((v) => v.name === 'Harbour Narrator')!;
  await page.goto(`${TTS}?dialog=design-voice&remix=${saved.voice_id}`);
  const remix = page.getByRole('dialog', { name: 'Remix "Harbour Narrator"' });
  await expect(remix).toBeVisible();
  await remix.getByLabel('Describe the change').fill('faster and higher');
  await expect(
    remix.getByTestId('description-reading').getByText('Pace: fast', { exact: true }),
  ).toBeVisible();
  await remix.getByRole('button', { name: 'Generate previews' }).click();
  await expect(remix.getByRole('button', { name: /^Play preview \d$/ })).toHaveCount(3, { timeout: 120_000 });
  // The remix keeps what the voice was (an old British man, calm and warm) and changes pitch and pace.
  const first = remix.getByRole('listitem').first();
  for (const chip of ['male', 'old', 'British', 'high', 'fast', 'calm', 'warm'])
    await expect(first.getByText(chip, { exact: true })).toBeVisible();
});
