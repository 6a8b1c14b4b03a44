import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { mailedLink } from './mail-sink';
import { shoot } from './screens';

const stamp = Date.now();
const alice = { email: `e2e-ws-alice-${stamp}@example.com`, name: 'Alice' };
const bob = { email: `e2e-ws-bob-${stamp}@example.com`, name: 'Bob' };
const password = 'e2e-password-1!';

test.beforeAll(async () => {
  // Three admin CLI runs, each starting the app's code: slow on a busy machine.
  test.setTimeout(240_000);
  for (const u of [alice, bob]) {
    await admin('create-user', '--email', u.email, '--password', password, '--name', u.name, '--verified');
  }
  // Scale: three seats.
  await admin('set-plan', '--email', alice.email, '--tier', 'growing_business');
});

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin invites by email; the invitee accepts through the mailed link and switches workspaces', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Alice invites Bob as an editor from the members page.
  const aliceCtx = await browser.newContext();
  const a = await aliceCtx.newPage();
  await a.goto('/sign-in?redirect=%2Fapp%2Fworkspace%2Fmembers');
  await signIn(a, alice.email);
  await expect(a).toHaveURL(/\/app\/workspace\/members$/);
  await expect(a.getByText('2 seats available')).toBeVisible();
  await a.getByLabel('Email addresses').fill(bob.email);
  await a.getByRole('button', { name: 'Send invite' }).click();
  await expect(a.getByText(`Invitation sent to ${bob.email}`)).toBeVisible();
  await expect(a.getByTestId('pending-invite')).toContainText(bob.email);
  await expect(a.getByText('1 seat available')).toBeVisible();
  await shoot(a, { path: '/tmp/ws-members-admin.png', fullPage: true });

  // Bob follows the mailed link: sign-in first, then the invitation page.
  const link = await mailedLink(bob.email, 'You have been invited to join');
  expect(new URL(link).pathname).toBe('/app/settings/workspace-invites');
  const bobCtx = await browser.newContext();
  const b = await bobCtx.newPage();
  await b.goto(link);
  await expect(b).toHaveURL(/\/sign-in/);
  await signIn(b, bob.email);
  await expect(b).toHaveURL(/\/app\/settings\/workspace-invites/);
  const invite = b.getByTestId('received-invite');
  await expect(invite).toContainText("Alice's Workspace");
  await expect(invite).toContainText(`${alice.email} invited you as an editor`);
  await shoot(b, { path: '/tmp/ws-invites-invitee.png', fullPage: true });
  await invite.getByRole('button', { name: 'Accept' }).click();

  // Bob lands in Alice's workspace as an editor; the switcher shows both of his workspaces.
  await expect(b).toHaveURL(/\/app\/workspace$/);
  await expect(b.getByRole('heading', { name: "Alice's Workspace" })).toBeVisible();
  await expect(b.getByText('You are an editor here.', { exact: true })).toBeVisible();
  const switcher = b.getByRole('combobox', { name: 'Workspace' });
  await expect(switcher.locator('option')).toHaveCount(2);
  await shoot(b, { path: '/tmp/ws-overview-editor.png', fullPage: true });

  // An editor sees the security settings but cannot change them.
  await b.getByRole('link', { name: 'Security' }).first().click();
  await expect(b.getByText('Only workspace admins can change this setting.')).toBeVisible();
  await expect(b.getByLabel('Allow email and password sign-in')).toBeDisabled();
  await shoot(b, { path: '/tmp/ws-security-editor.png', fullPage: true });

  // Switching to his personal workspace and back.
  await switcher.selectOption({ label: "Bob's Workspace (personal)" });
  await expect(b.getByText("Switched to Bob's Workspace")).toBeVisible();
  await b.goto('/app/workspace');
  await expect(b.getByRole('heading', { name: "Bob's Workspace" })).toBeVisible();
  await expect(b.getByText('Your personal workspace. You are the owner and an admin here.')).toBeVisible();
  await b.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: "Alice's Workspace" });
  await expect(b.getByRole('heading', { name: "Alice's Workspace" })).toBeVisible();

  // Alice sees Bob as a member, makes him an admin, and the audit log tells what happened.
  await a.reload();
  const bobRow = a.getByTestId('member-row').filter({ hasText: bob.email });
  await expect(bobRow).toBeVisible();
  await bobRow.getByLabel(`Role of ${bob.email}`).selectOption('workspace_admin');
  await expect(a.getByText('Role changed')).toBeVisible();
  await a.goto('/app/workspace');
  await expect(a.getByTestId('audit-entry').first()).toContainText(`${bob.email} is now an admin.`);
  await expect(a.getByTestId('audit-entry').filter({ hasText: 'accepted the invitation' })).toBeVisible();
  await shoot(a, { path: '/tmp/ws-overview-admin.png', fullPage: true });

  // Groups: Alice makes one and puts Bob in it.
  await a.getByRole('link', { name: 'Groups' }).first().click();
  await a.getByLabel('Group name').fill('Narrators');
  await a.getByRole('button', { name: 'Create group' }).click();
  const group = a.getByTestId('group').filter({ hasText: 'Narrators' });
  await group.getByLabel('Add a member to Narrators').selectOption(bob.email);
  await group.getByRole('button', { name: 'Add' }).click();
  await expect(group).toContainText('1 member');
  await shoot(a, { path: '/tmp/ws-groups-admin.png', fullPage: true });

  // Alice opts the workspace out of training on the security page.
  await a.getByRole('link', { name: 'Security' }).first().click();
  await a.getByLabel('Opt out of training').check();
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(a.getByText('Workspace training opt out setting successfully updated.')).toBeVisible();
  await shoot(a, { path: '/tmp/ws-security-admin.png', fullPage: true });
  await aliceCtx.close();
  await bobCtx.close();
});
