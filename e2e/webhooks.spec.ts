import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';
import { shoot } from './screens';

const email = `e2e-hooks-${Date.now()}@example.com`;
const password = 'e2e-password-1!';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

test('adds a signed workspace webhook, sends a test event whose refusal shows in the delivery log, disables it', async ({
  page,
}) => {
  await page.goto('/sign-in?redirect=%2Fapp%2Fworkspace%2Fwebhooks');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/workspace\/webhooks$/);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Workspace webhooks' })).toBeVisible();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByLabel('Name').fill('Build server');
  // A loopback receiver: this server refuses private addresses (decision 044), which the log then shows.
  await page.getByLabel('Callback URL').fill('https://127.0.0.1:9/hooks');
  await page.getByLabel(/Speech to text completed/).check();
  await shoot(page, { path: '/tmp/hooks-e2e-add-webhook.png' });
  await page.getByRole('button', { name: 'Add webhook' }).last().click();
  const secret = (await page.getByTestId('webhook-secret').textContent())!;
  expect(secret).toMatch(/^wsec_[0-9a-f]{64}$/);
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByTestId('webhook-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Build server');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('HMAC');
  await expect(row).toContainText('Speech to text completed');
  await expect(page.getByText(secret)).toHaveCount(0);

  await page.getByRole('button', { name: 'Send test event to Build server' }).click();
  const delivery = page.getByTestId('webhook-delivery');
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText('failed', { timeout: 15_000 });
  await expect(delivery).toContainText('private address');
  await expect(delivery).toContainText('webhook_test');
  await shoot(page, { path: '/tmp/hooks-e2e-deliveries.png', fullPage: true });

  await page.getByRole('button', { name: 'Edit Build server' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/Voice library removal notice/)
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Speech to text completed, Voice library removal notice');

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row).toContainText('Active');

  // The user's own webhooks are another list, reached from the shell's navigation.
  await page.getByRole('link', { name: 'My webhooks' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/webhooks$/);
  await expect(page.getByText('Your own webhooks')).toBeVisible();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
  await shoot(page, { path: '/tmp/hooks-e2e-my-webhooks.png' });

  await page.goto('/app/workspace/webhooks');
  await page.getByRole('button', { name: 'Delete Build server' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
});

test('creates a service account with a key that works for the workspace, and deleting it stops the key', async ({
  page,
  request,
}) => {
  await page.goto('/sign-in?redirect=%2Fapp%2Fworkspace%2Fservice-accounts');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/workspace\/service-accounts$/);
  await expect(page.getByText('No service accounts yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create service account' }).click();
  await page.getByLabel('Name').fill('CI bot');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  const account = page.getByTestId('service-account');
  await expect(account).toHaveCount(1);
  await expect(account).toContainText('CI bot');
  await expect(account).toContainText('This service account has no API keys yet.');

  await account.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('deploys');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!;
  expect(key).toMatch(/^sk_[0-9a-f]{48}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(account.getByTestId('api-key-row')).toContainText('deploys');
  expect((await request.get('/v1/models', { headers: { 'xi-api-key': key } })).status()).toBe(200);
  await shoot(page, { path: '/tmp/hooks-e2e-service-accounts.png', fullPage: true });

  await page.getByRole('button', { name: 'Delete CI bot' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No service accounts yet.')).toBeVisible();
  expect((await request.get('/v1/models', { headers: { 'xi-api-key': key } })).status()).toBe(401);
});
