import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { admin } from './admin-cli';
import { shoot } from './screens';

const stamp = Date.now();
const alice = `e2e-share-alice-${stamp}@example.com`;
const bob = `e2e-share-bob-${stamp}@example.com`;
const carol = `e2e-share-carol-${stamp}@example.com`;
const password = 'e2e-password-1!';
const VOICE = `Private narrator ${stamp}`;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  for (const email of [alice, bob, carol]) {
    await admin(
      'create-user',
      '--email',
      email,
      '--password',
      password,
      '--name',
      email.split('-')[2]!,
      '--verified',
    );
  }
  // Scale: three seats (Alice, Bob, Carol).
  await admin('set-plan', '--email', alice, '--tier', 'growing_business');
});

async function signedIn(browser: Browser, email: string, path: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

/** Accepts the invitation in the caller's list by its id; the caller lands in Alice's workspace. */
async function acceptInvite(request: APIRequestContext) {
  const list = (await (await request.get('/v1/user/workspace-invites')).json()) as {
    invites: { invite_id: string }[];
  };
  const accepted = await request.post(`/v1/workspace/invites/${list.invites[0]!.invite_id}/accept`);
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

async function voiceNames(request: APIRequestContext): Promise<string[]> {
  const body = (await (await request.get('/v1/voices')).json()) as { voices: { name: string }[] };
  return body.voices.map((v) => v.name);
}

test('an admin makes a voice private and shares it with one member as viewer; another member loses it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await signedIn(browser, alice, '/app/voice-lab');
  for (const email of [bob, carol]) {
    const invited = await a.request.post('/v1/workspace/invites/add', { data: { email } });
    expect(invited.ok(), await invited.text()).toBe(true);
  }
  const b = await signedIn(browser, bob, '/app/workspace-voices');
  await acceptInvite(b.request);
  const c = await signedIn(browser, carol, '/app/workspace-voices');
  await acceptInvite(c.request);

  // Alice's voice: speech generated here, cloned with her session.
  const voices = (await (await a.request.get('/v1/voices')).json()) as { voices: { voice_id: string }[] };
  const speech = await a.request.post(`/v1/text-to-speech/${voices.voices[0]!.voice_id}`, {
    data: { text: 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.' },
  });
  expect(speech.ok()).toBe(true);
  const added = await a.request.post('/v1/voices/add', {
    multipart: {
      name: VOICE,
      files: { name: 'me.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from(await speech.body()) },
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const voiceId = ((await added.json()) as { voice_id: string }).voice_id;
  // By default every member has it.
  expect(await voiceNames(b.request)).toContain(VOICE);
  expect(await voiceNames(c.request)).toContain(VOICE);

  // Alice opens the voice's details in My voices and its Share with members dialog.
  await a.setViewportSize({ width: 1440, height: 900 });
  await a.goto('/app/voice-lab');
  await a.getByRole('button', { name: `Open ${VOICE}` }).click();
  await a.getByRole('button', { name: 'Share with members' }).click();
  const dialog = a.getByRole('dialog', { name: `Share ${VOICE}` });
  await expect(dialog.getByRole('listitem', { name: alice })).toContainText('Creator');
  await expect(dialog.getByLabel('Everyone in the workspace')).toHaveValue('editor');

  await dialog.getByLabel('Everyone in the workspace').selectOption('none');
  await expect(a.getByText('Only people with access can use this voice now')).toBeVisible();
  await dialog.getByLabel('Member or group').selectOption({ label: bob });
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(a.getByText(`Shared with ${bob}`)).toBeVisible();
  await expect(dialog.getByLabel(`Role of ${bob}`)).toHaveValue('viewer');
  await expect(dialog.getByLabel('Everyone in the workspace')).toHaveValue('none');
  await shoot(a, { path: 'e2e/artifacts/resource-sharing-1440.png' });
  await a.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByLabel(`Role of ${bob}`)).toBeVisible();
  await shoot(a, { path: 'e2e/artifacts/resource-sharing-390.png' });

  // Bob, the viewer, sees it in the workspace's voices; his dialog is read-only.
  await b.reload();
  await expect(
    b.getByRole('list', { name: 'Workspace voices' }).getByRole('listitem', { name: VOICE }),
  ).toBeVisible();
  const meta = await b.request.get(`/v1/workspace/resources/${voiceId}?resource_type=voice`);
  expect(await meta.json()).toMatchObject({ your_role: 'viewer', baseline_role: 'none' });

  // Carol, without a grant, does not: not in her list and 404 on the voice itself.
  await c.reload();
  // Her only workspace voice was Alice's: the page says the workspace has none she can see.
  await expect(c.getByText('This workspace has no voices of its own yet.')).toBeVisible();
  await expect(c.getByRole('listitem', { name: VOICE })).toHaveCount(0);
  expect(await voiceNames(c.request)).not.toContain(VOICE);
  expect((await c.request.get(`/v1/voices/${voiceId}`)).status()).toBe(404);

  // Alice hands the voice to Bob (decision 263): he becomes its creator, she keeps admin access.
  await a.setViewportSize({ width: 1440, height: 900 });
  const ownership = dialog.getByRole('region', { name: 'Ownership' });
  await ownership.getByLabel('New owner').selectOption(bob);
  await ownership.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(a.getByText(`${bob} now owns this voice`)).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: bob })).toContainText('Creator');
  await expect(ownership.getByLabel('New owner')).not.toContainText(bob);
  await shoot(a, { path: 'e2e/artifacts/resource-sharing-transfer-1440.png' });
  const after = await b.request.get(`/v1/workspace/resources/${voiceId}?resource_type=voice`);
  expect(await after.json()).toMatchObject({ your_role: 'admin', can_transfer_ownership: true });
});
