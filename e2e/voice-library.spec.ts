import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { admin } from './admin-cli';

const stamp = Date.now();
const owner = { email: `e2e-lib-owner-${stamp}@example.com`, name: 'Olga' };
const adder = { email: `e2e-lib-adder-${stamp}@example.com`, name: 'Bram' };
const password = 'e2e-password-1!';
const VOICE = `Harbour Narrator ${stamp}`;
const LIBRARY = '/app/voice-library';

test.beforeAll(async () => {
  for (const u of [owner, adder])
    await admin('create-user', '--email', u.email, '--password', password, '--name', u.name, '--verified');
});

/** A browser context of its own per user: two people on two machines. */
async function signedIn(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  // The page has rendered with the session: API calls from this context carry it.
  await expect(page.getByRole('main').getByRole('heading', { name: 'Voice library' })).toBeVisible();
  return page;
}

/** The owner's voice: a recording (speech generated here) cloned through the API with the session. */
async function cloneVoice(request: APIRequestContext): Promise<string> {
  const voices = (await (await request.get('/v1/voices')).json()) as { voices: { voice_id: string }[] };
  const speech = await request.post(`/v1/text-to-speech/${voices.voices[0]!.voice_id}`, {
    data: {
      text: 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. It is easy to tell the depth of a well.',
    },
  });
  expect(speech.ok()).toBe(true);
  const added = await request.post('/v1/voices/add', {
    multipart: {
      name: VOICE,
      files: { name: 'me.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(await speech.body()) },
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return ((await added.json()) as { voice_id: string }).voice_id;
}

test('shares a voice from one workspace, adds and uses it in another, then the copy gets its notice', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await signedIn(browser, owner.email, LIBRARY);
  const voiceId = await cloneVoice(a.request);

  // A shares it from the Share dialog, opened on any page by its query.
  await a.goto(`${LIBRARY}?dialog=share-voice&voice_id=${voiceId}`);
  const dialog = a.getByRole('dialog', { name: `Share "${VOICE}"` });
  await dialog.getByLabel('Accent').fill('irish');
  await dialog.getByLabel('Use case').selectOption('narration');
  await dialog.getByLabel('Notice period (days)').fill('5');
  await dialog.getByRole('button', { name: 'Share voice' }).click();
  await expect(a.getByText(`"${VOICE}" is shared`)).toBeVisible();
  await expect(dialog.getByText(/Sharing is\s*on/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(a).toHaveURL(new RegExp(`${LIBRARY}$`));
  // The owner sees it in the library as their own.
  await a.getByRole('searchbox', { name: 'Search the library' }).fill('Harbour');
  const ownCard = a
    .getByRole('list', { name: 'Shared voices' })
    .getByRole('listitem')
    .filter({ hasText: VOICE });
  await expect(ownCard.getByText('Your voice')).toBeVisible();

  // B finds it with a search and a filter, and adds it under a name of their own.
  const b = await signedIn(browser, adder.email, LIBRARY);
  await b.getByRole('searchbox', { name: 'Search the library' }).fill('Harbour');
  await b.getByLabel('Use case').selectOption('narration');
  const card = b
    .getByRole('list', { name: 'Shared voices' })
    .getByRole('listitem')
    .filter({ hasText: VOICE });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('irish')).toBeVisible();
  await card.getByRole('button', { name: `Add ${VOICE} to my voices` }).click();
  const add = b.getByRole('dialog', { name: 'Add to my voices' });
  await add.getByLabel('Name in my voices').fill('My Harbour');
  await add.getByRole('button', { name: 'Add voice' }).click();
  await expect(b.getByText('"My Harbour" was added to your voices')).toBeVisible();
  await expect(card.getByText('Added', { exact: true })).toBeVisible();
  await expect(
    b.getByRole('region', { name: 'Added from the library' }).getByText('My Harbour'),
  ).toBeVisible();

  // B generates with the copy.
  const mine = (await (await b.request.get('/v1/voices')).json()) as {
    voices: { voice_id: string; name: string }[];
  };
  const copy = mine.voices.find((v) => v.name === 'My Harbour')!;
  const generated = await b.request.post(`/v1/text-to-speech/${copy.voice_id}`, {
    data: { text: 'A short line spoken with a voice from the library.' },
  });
  expect(generated.ok()).toBe(true);
  expect((await generated.body()).byteLength).toBeGreaterThan(2000);

  // A stops sharing; B's copy shows the notice with the date the notice period ends.
  await a.goto(`${LIBRARY}?dialog=share-voice&voice_id=${voiceId}`);
  await a
    .getByRole('dialog', { name: `Share "${VOICE}"` })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await a
    .getByRole('dialog', { name: 'Stop sharing this voice?' })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await expect(a.getByText('Sharing stopped')).toBeVisible();

  await b.reload();
  const removal = new Date(Date.now() + 5 * 86_400_000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(b.getByRole('region', { name: 'Added from the library' }).getByRole('status')).toHaveText(
    `This voice will be removed on ${removal} because its owner stopped sharing it`,
  );
  await b.getByRole('searchbox', { name: 'Search the library' }).fill('Harbour');
  await expect(b.getByText('No shared voices match.')).toBeVisible();
});
