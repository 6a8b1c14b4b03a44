import { expect as baseExpect, test } from '@playwright/test';
import { signUpAndOnboard } from './flows';

// Issue 14, phone numbers and batch calling: a user imports a Twilio number, uploads a CSV of recipients and
// sees each recipient's status. TWILIO_API_URL points at a loopback port where nothing listens, so every
// call fails the way an unreachable provider fails, and the page says so per recipient.
const email = `e2e-phone-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });

test("import a Twilio number, submit a batch from a CSV file, see each recipient's status", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page, { email, firstName: 'Pat', password });
  const created = await page.request.post('/v1/convai/agents/create', {
    data: { name: 'Reminder agent', conversation_config: { agent: { first_message: 'Hello {{name}}.' } } },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/app/conversational-ai/phone-numbers');
  await page.getByLabel('Phone number', { exact: true }).fill('+15551230001');
  await page.getByLabel('Label', { exact: true }).fill('Main line');
  await page.getByLabel('Account SID').fill(`AC${'0123456789abcdef'.repeat(2)}`);
  await page.getByLabel('Auth token').fill('twilio-token');
  await page.getByRole('button', { name: 'Import number' }).click();
  await expect(page.getByText('+15551230001 · Twilio')).toBeVisible();
  await page.getByLabel('Agent for Main line').selectOption({ label: 'Reminder agent' });
  await expect(page.getByLabel('Agent for Main line')).toHaveValue(/^agent_/);
  await page.screenshot({ path: test.info().outputPath('phone-numbers.png'), fullPage: true });

  await page
    .getByRole('navigation', { name: 'Conversational AI' })
    .getByRole('link', { name: 'Batch calling' })
    .click();
  await page.getByLabel('Batch name').fill('Reminders');
  await page.getByLabel('Recipients (CSV)').setInputFiles({
    name: 'recipients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('phone_number,name\n+15550000001,Ada\n+15550000002,Bob\n'),
  });
  await expect(page.getByText('recipients.csv: 2 recipients')).toBeVisible();
  await page.getByRole('button', { name: 'Submit batch' }).click();
  const table = page.getByRole('table', { name: 'Recipients of Reminders' });
  await expect(
    table.getByRole('row', { name: /\+15550000001 name: Ada Failed \(Twilio could not be reached\.\)/ }),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: /\+15550000002 name: Bob Failed/ })).toBeVisible();
  await expect(page.getByText(/Failed · 2 of 2 calls done · Reminder agent/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('batch-calling.png'), fullPage: true });
});
