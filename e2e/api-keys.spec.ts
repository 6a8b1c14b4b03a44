import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';

const email = `e2e-keys-${Date.now()}@example.com`;
const password = 'e2e-password-1!';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Lin', '--verified');
});

test('creates an API key shown once that works through xi-api-key, then deletes it after confirming', async ({
  page,
  request,
}) => {
  await page.goto('/sign-in?redirect=%2Fapp%2Fsettings%2Fapi-keys');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/api-keys$/);
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('Laptop');
  await page.getByRole('button', { name: 'Create' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!;
  expect(key).toMatch(/^sk_[0-9a-f]{48}$/);
  expect((await request.get('/v1/user', { headers: { 'xi-api-key': key } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Laptop');
  await expect(row).toContainText(`sk_...${key.slice(-4)}`);
  await expect(page.getByText(key)).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete Laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  expect((await request.get('/v1/user', { headers: { 'xi-api-key': key } })).status()).toBe(401);
});
