/**
 * conversationalAi.twilio.outboundCall and .sipTrunk.outboundCall (decisions 226-227): checks the agent and
 * the number belong to the caller's workspace and the number can dial out, then dials through its provider.
 * Calls are conversations: they start under the plan's concurrency and minutes like any other.
 */
import type { OutboundCallBody } from '@vocalis/contracts/conversational-ai-phone-numbers';
import type { AppDb } from '../../../db/client';
import { badRequest } from '../../../errors';
import type { Principal } from '../../../plugins/auth';
import * as agentsRepo from '../agents.repo';
import { agentNotFound } from '../agents.service';
import type { PhoneNumbersService } from '../phone-numbers.service';
import { DEFAULT_RINGING_TIMEOUT_SECS, type DialResult, type TelephonyProvider } from './telephony-provider';

export type Providers = { twilio: TelephonyProvider; sip_trunk: TelephonyProvider };

export class OutboundCalls {
  constructor(
    private readonly db: AppDb,
    private readonly numbers: PhoneNumbersService,
    readonly providers: Providers,
    private readonly workspaceOf: (caller: Principal) => Promise<{ id: string }>,
  ) {}

  /** Checks what a call needs; shared with batch calls. */
  async prepare(
    workspaceId: string,
    agentId: string,
    phoneNumberId: string,
    provider?: 'twilio' | 'sip_trunk',
  ) {
    const agent = await agentsRepo.findAgent(this.db, workspaceId, agentId);
    if (!agent) throw agentNotFound(agentId);
    const { row, twilioToken, outboundPassword } = await this.numbers.credentialsOf(
      workspaceId,
      phoneNumberId,
    );
    if (provider && row.provider !== provider)
      throw badRequest(
        `Phone number ${phoneNumberId} is a ${row.provider === 'twilio' ? 'Twilio number' : 'SIP trunk'}: use its own outbound-call route.`,
        'wrong_provider',
      );
    if (!row.supportsOutbound)
      throw badRequest(
        `Phone number ${row.phoneNumber} does not make outbound calls.`,
        'outbound_not_supported',
      );
    if (row.provider === 'sip_trunk' && !row.outboundTrunk)
      throw badRequest(
        `Phone number ${row.phoneNumber} has no outbound trunk configured.`,
        'no_outbound_trunk',
      );
    return { agent, number: row, secrets: { twilioToken, outboundPassword } };
  }

  async dial(
    workspaceId: string,
    input: {
      agentId: string;
      phoneNumberId: string;
      to: string;
      clientData?: Record<string, unknown>;
      ringingTimeoutSecs?: number;
      provider?: 'twilio' | 'sip_trunk';
      extra?: Record<string, unknown>;
    },
  ): Promise<DialResult> {
    const { number, secrets } = await this.prepare(
      workspaceId,
      input.agentId,
      input.phoneNumberId,
      input.provider,
    );
    return this.providers[number.provider].dial({
      number,
      secrets,
      agentId: input.agentId,
      to: input.to,
      clientData: input.clientData ?? {},
      ringingTimeoutSecs: input.ringingTimeoutSecs ?? DEFAULT_RINGING_TIMEOUT_SECS,
      extra: input.extra,
    });
  }

  async call(caller: Principal, provider: 'twilio' | 'sip_trunk', body: OutboundCallBody) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    return this.dial(workspaceId, {
      agentId: body.agent_id,
      phoneNumberId: body.agent_phone_number_id,
      to: body.to_number,
      clientData: body.conversation_initiation_client_data,
      ringingTimeoutSecs: body.telephony_call_config?.ringing_timeout_secs,
      provider,
    });
  }
}
