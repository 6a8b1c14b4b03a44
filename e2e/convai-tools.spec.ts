import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { E2E_PORT } from './e2e-env';
import { shoot, shots } from './screens';

// Issue 14, decisions 250-251: the Tools page (a workspace secret and a webhook tool that sends it as a header,
// with the server's validation shown), then the agent editor's Tools, Analysis and Advanced tabs, saved and read
// back by the page after a reload and by the SDK.
const email = `e2e-convai-tools-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

async function signIn(page: Page, target: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`), { timeout: 20_000 });
}

test('creates a webhook tool, attaches it to an agent with an evaluation criterion and advanced settings', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, '/app/conversational-ai');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools', exact: true }),
  ).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Conversational AI' });
  await tabs.getByRole('link', { name: 'Tools', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/conversational-ai\/tools$/);
  await expect(page.getByText('No tools yet.')).toBeVisible();

  // A secret: named in the list, its value never shown.
  await page.getByLabel('Secret name').fill('Shop token');
  await page.getByLabel('Secret value').fill('tok-3141-secret');
  await page.getByRole('button', { name: 'Add secret' }).click();
  await expect(page.getByTestId('secrets')).toContainText('Shop token');
  await expect(page.getByText('tok-3141-secret')).toHaveCount(0);

  // A webhook tool: what the server refuses is listed, then the corrected tool is created.
  await page.getByRole('button', { name: 'New webhook tool' }).click();
  const form = page.getByRole('form', { name: 'New webhook tool' });
  await form.getByLabel('Tool name').fill('order status');
  await form
    .getByLabel('Description', { exact: true })
    .fill('Looks up the status of an order by its number.');
  await form.getByLabel('URL').fill('not a url');
  await form.getByRole('button', { name: 'Create tool' }).click();
  const problems = form.getByRole('alert');
  await expect(problems).toContainText('The tool was not saved');
  await expect(problems).toContainText('A tool name is 1 to 64 letters, digits, underscores or hyphens.');
  await form.getByLabel('Tool name').fill('order_status');
  await form.getByLabel('URL').fill('https://shop.example.com/orders/{order_id}');
  await form.getByLabel('Method').selectOption('GET');
  await form.getByLabel('Response timeout (seconds)').fill('15');
  await form.getByRole('button', { name: 'Add header' }).click();
  await form.getByLabel('Header 1 name').fill('Authorization');
  await form.getByLabel('Header 1 source').selectOption('secret');
  await form.getByLabel('Header 1 secret').selectOption({ label: 'Shop token' });
  await form.getByRole('button', { name: 'Add parameter' }).click();
  await form.getByLabel('Parameter 1 name').fill('verbose');
  await form.getByLabel('Parameter 1 type').selectOption('boolean');
  await form.getByLabel('Parameter 1 sent in').selectOption('query');
  await form.getByLabel('Parameter 1 required').uncheck();
  await shoot(page, { path: test.info().outputPath('tool-form.png'), fullPage: true });
  await form.getByRole('button', { name: 'Create tool' }).click();
  await expect(page.getByText('Tool order_status saved.')).toBeVisible();
  const row = page.getByTestId('tools').getByRole('row', { name: /order_status/ });
  await expect(row).toContainText('Webhook');
  await expect(row).toContainText('https://shop.example.com/orders/{order_id}');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  // The secret now says which tool sends it, and is not deleted while it does.
  await expect(page.getByTestId('secrets')).toContainText('Shop token · value hidden · sent by order_status');
  await page.getByRole('button', { name: 'Delete secret Shop token' }).click();
  await expect(
    page.getByText('The tool(s) order_status send this secret in their headers: change them first.'),
  ).toBeVisible();
  // A client tool, and an edit of the webhook tool that keeps its header and parameters.
  await page.getByRole('button', { name: 'New client tool' }).click();
  const clientForm = page.getByRole('form', { name: 'New client tool' });
  await clientForm.getByLabel('Tool name').fill('show_map');
  await clientForm.getByLabel('Description', { exact: true }).fill('Shows the shop on a map in the page.');
  await clientForm.getByRole('checkbox', { name: /expects a response/ }).check();
  await clientForm.getByRole('button', { name: 'Add parameter' }).click();
  await clientForm.getByLabel('Parameter 1 name').fill('city');
  await clientForm.getByRole('button', { name: 'Create tool' }).click();
  await expect(page.getByTestId('tools').getByRole('row', { name: /show_map/ })).toContainText(
    'Client (runs in the page)',
  );
  await page.getByRole('button', { name: 'Edit order_status' }).click();
  const editForm = page.getByRole('form', { name: 'Edit order_status' });
  await expect(editForm.getByLabel('Header 1 secret')).toHaveValue(/.+/);
  await expect(editForm.getByLabel('Parameter 1 sent in')).toHaveValue('query');
  await editForm.getByLabel('Description', { exact: true }).fill('Looks up where an order is.');
  await editForm.getByRole('button', { name: 'Save tool' }).click();
  await expect(editForm).toHaveCount(0);
  await shoot(page, { path: test.info().outputPath('tools-page.png'), fullPage: true });
  await shots(page, 'tools', { restore: { width: 1440, height: 1000 }, checkPhoneWidth: true });

  // The agent: the tool attached, end_call on, one evaluation criterion, a shorter call and no interruptions.
  await tabs.getByRole('link', { name: 'Agents', exact: true }).click();
  await page.getByRole('button', { name: 'New agent' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Shop assistant');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByTestId('agent-mode')).toBeVisible();
  const settings = page.getByRole('tablist', { name: 'Agent settings' });
  await settings.getByRole('tab', { name: 'Tools' }).click();
  await page.getByLabel('order_status').check();
  await page.getByRole('checkbox', { name: /^End call/ }).check();
  await shoot(page, { path: test.info().outputPath('agent-tools-tab.png'), fullPage: true });
  await settings.getByRole('tab', { name: 'Analysis' }).click();
  await page.getByRole('button', { name: 'Add criterion' }).click();
  await page.getByLabel('Criterion 1 name').fill('Order found');
  await page.getByLabel('Criterion 1 goal').fill('The agent told the caller where the order is.');
  await page.getByRole('button', { name: 'Add data field' }).click();
  await page.getByLabel('Data field 1 identifier').pressSequentially('order_number');
  await page.getByLabel('Data field 1 description').fill('The order number the caller gave');
  await shoot(page, { path: test.info().outputPath('agent-analysis-tab.png'), fullPage: true });
  await settings.getByRole('tab', { name: 'Advanced' }).click();
  await page.getByLabel('Maximum call duration (seconds)').fill('300');
  await page.getByLabel('Turn timeout (seconds)').fill('9');
  await page.getByRole('checkbox', { name: /^The caller can interrupt the agent/ }).uncheck();
  await shoot(page, { path: test.info().outputPath('agent-advanced-tab.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save agent' }).click();
  await expect(page.getByText('Agent saved.')).toBeVisible();

  // A fresh page shows the same settings.
  await page.reload();
  await page.getByRole('button', { name: 'Shop assistant', exact: true }).click();
  await settings.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByLabel('order_status')).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^End call/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Skip turn/ })).not.toBeChecked();
  await settings.getByRole('tab', { name: 'Analysis' }).click();
  await expect(page.getByLabel('Criterion 1 name')).toHaveValue('Order found');
  await expect(page.getByText('Identifier: order_found')).toBeVisible();
  await expect(page.getByLabel('Data field 1 identifier')).toHaveValue('order_number');
  await settings.getByRole('tab', { name: 'Advanced' }).click();
  await expect(page.getByLabel('Maximum call duration (seconds)')).toHaveValue('300');
  await expect(page.getByLabel('Turn timeout (seconds)')).toHaveValue('9');
  await expect(page.getByRole('checkbox', { name: /^The caller can interrupt the agent/ })).not.toBeChecked();

  // The SDK reads the same agent and tool.
  const sdk = new ElevenLabsClient({
    apiKey: await admin('create-api-key', '--email', email),
    baseUrl: `http://127.0.0.1:${E2E_PORT}`,
  });
  const tools = (await sdk.conversationalAi.tools.list()).tools;
  expect(tools.map((t) => (t.toolConfig as { name: string }).name)).toEqual(['show_map', 'order_status']);
  expect(tools[0]!.toolConfig).toMatchObject({
    type: 'client',
    expectsResponse: true,
    parameters: { properties: { city: { type: 'string' } }, required: ['city'] },
  });
  const tool = tools[1];
  expect(tool!.toolConfig).toMatchObject({
    name: 'order_status',
    description: 'Looks up where an order is.',
    responseTimeoutSecs: 15,
    apiSchema: { method: 'GET', queryParamsSchema: { properties: { verbose: { type: 'boolean' } } } },
  });
  const [secret] = (await sdk.conversationalAi.secrets.list()).secrets;
  expect(JSON.stringify(tool!.toolConfig)).toContain(secret!.secretId);
  const [summary] = (await sdk.conversationalAi.agents.list()).agents;
  const agent = await sdk.conversationalAi.agents.get(summary!.agentId);
  expect(agent.conversationConfig.agent?.prompt?.toolIds).toEqual([tool!.id]);
  expect(agent.conversationConfig.agent?.prompt?.builtInTools?.endCall?.name).toBe('end_call');
  expect(agent.conversationConfig.conversation?.maxDurationSeconds).toBe(300);
  expect(agent.conversationConfig.turn?.turnTimeout).toBe(9);
  expect(agent.conversationConfig.conversation?.clientEvents).not.toContain('interruption');
  expect(agent.platformSettings?.evaluation?.criteria).toMatchObject([
    {
      id: 'order_found',
      name: 'Order found',
      conversationGoalPrompt: 'The agent told the caller where the order is.',
    },
  ]);
  expect(agent.platformSettings?.dataCollection).toMatchObject({
    order_number: { type: 'string', description: 'The order number the caller gave' },
  });

  // The tool now has a dependent agent: deleting it asks first.
  await tabs.getByRole('link', { name: 'Tools', exact: true }).click();
  await page.getByRole('button', { name: 'Delete order_status' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('It is used by Shop assistant.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tool order_status deleted.')).toBeVisible();
  await expect(page.getByTestId('tools').getByRole('row', { name: /order_status/ })).toHaveCount(0);
  expect(
    (await sdk.conversationalAi.agents.get(summary!.agentId)).conversationConfig.agent?.prompt?.toolIds,
  ).toEqual([]);
});
