import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';

const email = `e2e-consent-${Date.now()}@example.com`;
const password = 'e2e-password-1!';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

test('Updated Terms for Illinois, the training opt-out dialog from the URL, then deleting the account', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });

  // A user located in Illinois who has not accepted the biometric terms sees the modal until Accept.
  expect(
    (await page.request.post('/v1/user/edit-user-metadata', { data: { geo_location: 'US-IL' } })).status(),
  ).toBe(200);
  await page.reload();
  const terms = page.getByRole('dialog', { name: 'Updated Terms' });
  await expect(terms).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(terms).toHaveCount(0);
  expect(
    ((await (await page.request.get('/v1/user')).json()) as { accepted_bipa_terms: boolean })
      .accepted_bipa_terms,
  ).toBe(true);

  // training_opt_out=true opens the privacy dialog once the workspace setting has loaded.
  await page.goto('/app/home?training_opt_out=true');
  const dialog = page.getByRole('dialog', { name: 'Model training' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/app\/home$/);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('switch').click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Workspace training opt out setting successfully updated.')).toBeVisible();
  expect(
    (
      (await (await page.request.get('/v1/workspace/training-opt-out')).json()) as {
        training_opt_out: boolean;
      }
    ).training_opt_out,
  ).toBe(true);

  // Deleting the account asks for DELETE, removes it, and signs out for good.
  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect((await page.request.get('/v1/user')).status()).toBe(401);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('No user is found with the provided credentials', { exact: false }),
  ).toBeVisible({
    timeout: 15_000,
  });
});

test('a signed-out visitor sending Global Privacy Control is opted out on the sign-in page; the account follows', async ({
  browser,
  baseURL,
}) => {
  const visitor = `e2e-gpc-${Date.now()}@example.com`;
  await admin('create-user', '--email', visitor, '--password', password, '--name', 'Gus', '--verified');
  // Chromium has no built-in GPC switch: the request header stands for it (the server reads Sec-GPC).
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'Sec-GPC': '1' } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  const choices = page.getByRole('region', { name: 'Privacy choices' });
  await expect(choices.getByText('Do not sell or share my personal information')).toBeVisible();
  await expect(
    choices.getByText('Your browser sends a Global Privacy Control signal, so you are opted out.'),
  ).toBeVisible();

  // Stored in browser storage and in a cookie valid 360 days, secure, strict.
  expect(await page.evaluate(() => window.localStorage.getItem('ccpa_opt_out'))).toBe('true');
  const cookie = (await context.cookies()).find((c) => c.name === 'xi_ccpa_opt_out');
  expect(cookie).toMatchObject({ value: 'true', secure: true, sameSite: 'Strict' });
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(359 * 24 * 3600 * 1000);
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(360 * 24 * 3600 * 1000);

  // Signing in carries the opt-out to the account.
  await page.getByLabel('Email').fill(visitor);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  await expect(choices).toHaveCount(0);
  await expect(async () => {
    const me = (await (await page.request.get('/v1/user')).json()) as { ccpa_opt_out: boolean };
    expect(me.ccpa_opt_out).toBe(true);
  }).toPass();
  await context.close();
});
