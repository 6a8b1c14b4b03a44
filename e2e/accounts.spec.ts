import { expect, test } from '@playwright/test';

type Mailbox = { messages: { to: string; subject: string; links: string[] }[] };

const email = `signup-${Date.now()}@example.com`;
const password = 'Sign-up-pass-1!';

test('signs up, follows the verification mail from the mailbox, and signs in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Grace');
  // The rules are checked before anything is sent.
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("Your password doesn't meet our security requirements:")).toBeVisible();
  await expect(page.getByText('Your password must contain a number.')).toBeVisible();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // Not verified yet: sign-in says so and offers a resend link.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Your email address has not been verified yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(
    page.getByText('We have sent you a new email with instructions on how to verify your account.'),
  ).toBeVisible();

  // The mail the server sent (outbox transport: readable at /dev/mailbox.json).
  let link: string | undefined;
  await expect(async () => {
    const mailbox = (await (await page.request.get('/dev/mailbox.json')).json()) as Mailbox;
    link = mailbox.messages.find((m) => m.to === email && m.subject.startsWith('Verify'))?.links[0];
    expect(link).toBeTruthy();
  }).toPass();
  expect(new URL(link!).pathname).toBe('/action');
  expect(new URL(link!).searchParams.get('mode')).toBe('verifyEmail');

  await page.goto(link!);
  await expect(page.getByText('Your email address was successfully verified.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('an unknown action-link mode is an error', async ({ page }) => {
  await page.goto('/action?mode=somethingElse&oobCode=x');
  await expect(page.getByText('This link is not valid.', { exact: false })).toBeVisible();
});
