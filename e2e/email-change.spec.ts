import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';
import { mailedLink } from './mail-sink';

const stamp = Date.now();
const email = `e2e-email-old-${stamp}@example.com`;
const newEmail = `e2e-email-new-${stamp}@example.com`;
const password = 'e2e-password-1!';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ida', '--verified');
});

test('changes the email through the link mailed to the new address, then reverts it from the old one', async ({
  page,
}) => {
  await page.goto('/sign-in?redirect=%2Fapp%2Fsettings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByRole('dialog').getByLabel('New email').fill(newEmail);
  await page.getByRole('dialog').getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByText(`We have sent an email to ${newEmail} with a link to confirm the change.`),
  ).toBeVisible();

  // Both mails arrive at the SMTP sink the e2e server delivers to.
  await page.goto(await mailedLink(newEmail, 'Confirm your new email'));
  await expect(page.getByText('Email updated! Please refresh this page to reauthenticate.')).toBeVisible();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/settings$/);

  // The old address got a revert link.
  await page.goto(await mailedLink(email, 'Your Vocalis email was changed'));
  await expect(page.getByText('Email updated! Please refresh this page to reauthenticate.')).toBeVisible();
  // The revert lands on home, whose account menu shows the address only when opened: settings shows it.
  await page.goto('/app/settings');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText(newEmail, { exact: true })).toHaveCount(0);
});
