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
  await expect(
    page.getByText('Your email address has not been verified yet.', { exact: false }),
  ).toBeVisible();
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

  // A new sign-up goes through onboarding first: two survey steps, then the checklist.
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await page.getByText('Developer', { exact: true }).click();
  await page.getByText('Building an app', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding\/next$/);
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await page.getByText('Friend or colleague', { exact: true }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding-checklist$/);
  await expect(page.getByText('0 of 7 steps completed')).toBeVisible();
  const user = (await (await page.request.get('/v1/user')).json()) as {
    is_onboarding_completed: boolean;
    onboarding_survey: Record<string, string>;
  };
  expect(user.is_onboarding_completed).toBe(true);
  expect(user.onboarding_survey).toMatchObject({
    first_name: 'Grace',
    role: 'Developer',
    timezone: 'Europe/London',
  });

  // Creating an API key completes its step on the server; the page hears it live and congratulates.
  await page.goto('/app/settings/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('Laptop');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('Congratulations on completing a step in your onboarding checklist.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.goto('/app/onboarding-checklist');
  await expect(page.getByText('1 of 7 steps completed')).toBeVisible();

  // Onboarding is done: home stays home.
  await page.goto('/app/home');
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('an unknown action-link mode is an error', async ({ page }) => {
  await page.goto('/action?mode=somethingElse&oobCode=x');
  await expect(page.getByText('This link is not valid.', { exact: false })).toBeVisible();
});
