import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';
import { payWithTestCard } from './flows';

const stamp = Date.now();
const email = `e2e-billing-${stamp}@example.com`;
const password = 'e2e-password-1!';
const code = `E2E-CREATOR-${stamp}`;

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Bea', '--verified');
  // billing.md §5: a 2200-cent coupon grants Creator for the coupon's months.
  await admin('create-coupon', '--code', code, '--amount-off', '2200', '--months', '1');
});

test('a free user applies a promo code, subscribes to Creator by card, sees the new quota and schedules a downgrade', async ({
  page,
}) => {
  await page.goto('/sign-in?redirect=%2Fapp%2Fsubscription');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/subscription$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Subscribed (Free)' })).toBeDisabled();

  // The promo code: validated, stored, and offered in the 'Use promo code' dialog.
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText('Coupon code applied for checkout! $22 off each month for 1 month(s)'),
  ).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Use promo code' });
  await expect(dialog.getByTestId('saved-promo-code')).toHaveText(code);
  await expect(dialog.getByTestId('promo-effect')).toContainText('$22 off each month for 1 month(s)');
  await dialog.getByRole('button', { name: 'Subscribe to Creator' }).click();

  // The local provider's hosted checkout, paid with the success test card.
  await payWithTestCard(page, 'Creator');

  await expect(page).toHaveURL(/\/app\/subscription/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Creator');
  await expect(page.getByRole('button', { name: 'Cancel Subscription (Creator)' })).toBeVisible();

  // The new quota in usage.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Usage', exact: true })
    .click();
  await expect(page).toHaveURL(/\/app\/usage$/);
  await expect(page.getByTestId('usage-quota')).toContainText('/ 100,000');
  await expect(page.getByRole('figure', { name: 'Characters per day' })).toBeVisible();

  // A downgrade to Starter, confirmed, takes effect at the period's end: the Creator card says so.
  await page.getByRole('link', { name: 'Manage plan' }).click();
  await expect(page).toHaveURL(/\/app\/subscription$/);
  await page.getByRole('button', { name: 'Downgrade (Starter)' }).click();
  await page
    .getByRole('dialog', { name: 'Downgrade to Starter' })
    .getByRole('button', { name: 'Confirm downgrade' })
    .click();
  const creator = page.getByRole('article', { name: 'Creator' });
  await expect(creator.getByText('Will be downgraded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Downgrade (Starter)' })).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Creator');
});
