import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convaiPhoneNumbers } from '../../db/schema/convai-telephony';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;

describe(`phone numbers on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
  }, 120_000);
  afterAll(() => app?.close());

  const status = async (p: Promise<unknown>) => {
    const err = (await p.then(
      () => null,
      (e: unknown) => e,
    )) as ElevenLabsError | null;
    return err && { code: err.statusCode, body: err.body as { detail: { status: string; message: string } } };
  };

  it('imports Twilio numbers and SIP trunks, assigns an agent, never returns secrets, and keeps them to the workspace', async () => {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Front desk',
      conversationConfig: { agent: { firstMessage: 'Hello, this is the front desk.' } },
    });
    const twilio = await client.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230001',
      label: 'Main line',
      sid: SID,
      token: 'twilio-auth-token-123',
      agentId,
    });
    expect(twilio.phoneNumberId).toMatch(/^phnum_/);
    const sip = await client.conversationalAi.phoneNumbers.create({
      provider: 'sip_trunk',
      phoneNumber: '+15551230002',
      label: 'Office PBX',
      outboundTrunkConfig: {
        address: '127.0.0.1:5070',
        credentials: { username: 'vocalis', password: 'pbx-password-456' },
      },
      inboundTrunkConfig: { allowedAddresses: ['127.0.0.1'] },
    });

    const got = await client.conversationalAi.phoneNumbers.get(twilio.phoneNumberId);
    expect(got).toMatchObject({
      provider: 'twilio',
      phoneNumber: '+15551230001',
      label: 'Main line',
      supportsInbound: true,
      supportsOutbound: true,
      assignedAgent: { agentId, agentName: 'Front desk' },
    });
    const trunk = await client.conversationalAi.phoneNumbers.get(sip.phoneNumberId);
    expect(trunk).toMatchObject({
      provider: 'sip_trunk',
      outboundTrunk: { address: '127.0.0.1:5070', hasAuthCredentials: true, username: 'vocalis' },
      inboundTrunk: { allowedAddresses: ['127.0.0.1'], hasAuthCredentials: false },
    });
    const rawList = await (
      await app.request('/v1/convai/phone-numbers', { headers: { 'xi-api-key': owner.apiKey } })
    ).text();
    expect(rawList).not.toContain('twilio-auth-token-123');
    expect(rawList).not.toContain('pbx-password-456');
    const [stored] = await app.database.db
      .select()
      .from(convaiPhoneNumbers)
      .where(eq(convaiPhoneNumbers.id, twilio.phoneNumberId));
    expect(stored!.sealedTwilioToken).not.toContain('twilio-auth-token-123');

    expect((await client.conversationalAi.phoneNumbers.list()).map((n) => n.phoneNumber)).toEqual([
      '+15551230001',
      '+15551230002',
    ]);
    expect(
      (await client.conversationalAi.phoneNumbers.list({ provider: 'sip_trunk' })).map((n) => n.label),
    ).toEqual(['Office PBX']);

    const updated = await client.conversationalAi.phoneNumbers.update(sip.phoneNumberId, {
      agentId,
      label: 'PBX',
    });
    expect(updated).toMatchObject({ label: 'PBX', assignedAgent: { agentId } });
    // The password is kept when the same user name comes back without one.
    const kept = await client.conversationalAi.phoneNumbers.update(sip.phoneNumberId, {
      outboundTrunkConfig: { address: '127.0.0.1:5080', credentials: { username: 'vocalis' } },
    });
    expect(kept).toMatchObject({ outboundTrunk: { address: '127.0.0.1:5080', hasAuthCredentials: true } });

    expect(
      await status(
        client.conversationalAi.phoneNumbers.create({
          provider: 'twilio',
          phoneNumber: '+15551230001',
          label: 'Again',
          sid: SID,
          token: 't',
        }),
      ),
    ).toEqual({
      code: 409,
      body: {
        detail: {
          status: 'phone_number_exists',
          message: 'The phone number +15551230001 is already in this workspace.',
        },
      },
    });
    expect(
      await status(
        client.conversationalAi.phoneNumbers.create({
          provider: 'twilio',
          phoneNumber: 'call me',
          label: 'Bad',
          sid: SID,
          token: 't',
        }),
      ),
    ).toMatchObject({
      code: 422,
      body: {
        detail: [
          {
            loc: ['body', 'phone_number'],
            msg: 'A phone number is 3 to 15 digits, optionally after a "+" (E.164).',
            type: 'invalid_format',
          },
        ],
      },
    });
    expect(
      await status(
        client.conversationalAi.phoneNumbers.update(twilio.phoneNumberId, { agentId: 'agent_nope' }),
      ),
    ).toMatchObject({ code: 404, body: { detail: { status: 'agent_not_found' } } });

    // Another workspace sees none of it.
    expect(await otherClient.conversationalAi.phoneNumbers.list()).toEqual([]);
    for (const attempt of [
      () => otherClient.conversationalAi.phoneNumbers.get(twilio.phoneNumberId),
      () => otherClient.conversationalAi.phoneNumbers.update(twilio.phoneNumberId, { label: 'Mine' }),
      () => otherClient.conversationalAi.phoneNumbers.delete(twilio.phoneNumberId),
    ])
      expect(await status(attempt())).toEqual({
        code: 404,
        body: {
          detail: {
            status: 'phone_number_not_found',
            message: `Phone number with id ${twilio.phoneNumberId} was not found.`,
          },
        },
      });
    // Nor can it assign its number to this workspace's agent.
    const theirs = await otherClient.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230001',
      label: 'Theirs',
      sid: SID,
      token: 't',
    });
    expect(
      await status(otherClient.conversationalAi.phoneNumbers.update(theirs.phoneNumberId, { agentId })),
    ).toMatchObject({ code: 404 });

    await client.conversationalAi.phoneNumbers.delete(twilio.phoneNumberId);
    expect(await status(client.conversationalAi.phoneNumbers.get(twilio.phoneNumberId))).toMatchObject({
      code: 404,
    });
    expect((await client.conversationalAi.phoneNumbers.list()).map((n) => n.label)).toEqual(['PBX']);
  }, 60_000);
});
