import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { shoot } from './screens';
import { signInTo } from './flows';

// Issue 14: the agent editor's tabs, the widget settings with their live preview, and the playground's text-only
// mode (this browser has no microphone, so the conversation is typed).
const email = `e2e-agent-settings-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

test('edits an agent’s widget with a live preview, then types to it in the playground', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, '/app/conversational-ai');
  await page.getByRole('button', { name: 'New agent' }).click();
  await page.getByLabel('Name').fill('Bakery');
  await page.getByLabel('First message').fill('Welcome to the bakery.');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveText(/Scripted/);

  const tabs = page.getByRole('tablist', { name: 'Agent settings' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Agent',
    'Voice',
    'Knowledge',
    'Tools',
    'Analysis',
    'Security',
    'Advanced',
    'Widget',
  ]);
  await tabs.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Allowed sites').fill('bakery.example');
  await tabs.getByRole('tab', { name: 'Widget' }).click();
  const preview = page.getByTestId('widget-preview');
  await expect(preview.getByText('Welcome to the bakery.')).toHaveCount(0);
  await page.getByLabel('Show the transcript').check();
  await expect(preview.getByText('Welcome to the bakery.')).toBeVisible();
  await page.getByLabel('Start call text').fill('Call the bakery');
  await page.getByLabel('Button colour').fill('#b45309');
  await expect(preview.getByText('Call the bakery')).toHaveCSS('background-color', 'rgb(180, 83, 9)');
  await expect(page.getByTestId('widget-snippet')).toContainText('<elevenlabs-convai agent-id="agent_');
  await expect(page.getByTestId('widget-snippet')).toContainText('/convai-widget.js');
  await shoot(page, { path: test.info().outputPath('widget-tab.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save agent' }).click();
  await expect(page.getByText('Agent saved.')).toBeVisible();

  // Saved: a fresh page shows the same settings.
  await page.reload();
  await page.getByRole('button', { name: 'Bakery', exact: true }).click();
  await page.getByRole('tab', { name: 'Widget' }).click();
  await expect(page.getByLabel('Start call text')).toHaveValue('Call the bakery');
  await expect(page.getByLabel('Button colour')).toHaveValue('#b45309');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByLabel('Allowed sites')).toHaveValue('bakery.example');

  // The playground: no microphone here, so the conversation is typed.
  await page.getByRole('link', { name: 'Talk', exact: true }).click();
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByText('No microphone: type your messages.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Text only (no microphone)' })).toBeChecked();
  const transcript = page.getByTestId('live-transcript');
  await expect(transcript).toContainText('Agent: Welcome to the bakery.');
  await page.getByLabel('Type a message').fill('Do you sell rye bread?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(transcript).toContainText('You: Do you sell rye bread?');
  await expect(transcript).toContainText('Agent: I can only greet you');
  await shoot(page, { path: test.info().outputPath('playground-text.png'), fullPage: true });
  await page.getByRole('button', { name: 'End conversation' }).click();
  await expect(page.getByTestId('talk-status')).toHaveText('Conversation ended.');
});
