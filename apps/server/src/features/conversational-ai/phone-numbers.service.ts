/**
 * Phone numbers (conversationalAi.phoneNumbers.*, decision 225): Twilio numbers (account SID + auth token, the
 * token sealed) and SIP trunks (passwords sealed), each optionally assigned to an agent of the workspace that
 * answers its inbound calls. Secrets are never returned.
 */
import type {
  CreatePhoneNumberBody,
  UpdatePhoneNumberBody,
} from '@vocalis/contracts/conversational-ai-phone-numbers';
import type { AppDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { Principal } from '../../plugins/auth';
import * as agentsRepo from './agents.repo';
import { agentNotFound } from './agents.service';
import { presentPhoneNumber } from './phone-numbers.presenter';
import * as repo from './phone-numbers.repo';

export const phoneNumberNotFound = (id: string) =>
  notFound(`Phone number with id ${id} was not found.`, 'phone_number_not_found');

type Trunk = { credentials?: { username: string; password?: string } } & Record<string, unknown>;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

export class PhoneNumbersService {
  constructor(
    private readonly db: AppDb,
    private readonly box: SecretBox,
    private readonly workspaceOf: (caller: Principal) => Promise<{ id: string }>,
  ) {}

  private async checkAgent(workspaceId: string, agentId: string | null | undefined): Promise<void> {
    if (agentId && !(await agentsRepo.findAgent(this.db, workspaceId, agentId))) throw agentNotFound(agentId);
  }

  /** The trunk settings without the password, and the password sealed (or the stored one kept). */
  private trunk(config: Trunk | undefined, before: { trunk: Trunk | null; sealed: string | null }) {
    if (!config) return { trunk: before.trunk, sealed: before.sealed };
    const { credentials, ...rest } = config;
    if (!credentials) return { trunk: rest, sealed: null };
    const sameUser = before.trunk?.credentials?.username === credentials.username;
    const sealed = credentials.password
      ? this.box.seal(credentials.password)
      : sameUser
        ? before.sealed
        : null;
    return { trunk: { ...rest, credentials: { username: credentials.username } }, sealed };
  }

  async create(caller: Principal, body: CreatePhoneNumberBody): Promise<{ phone_number_id: string }> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    await this.checkAgent(workspaceId, body.agent_id);
    const id = `phnum_${newId(24)}`;
    const none = { trunk: null, sealed: null };
    const inbound = body.provider === 'sip_trunk' ? this.trunk(body.inbound_trunk_config, none) : none;
    const outbound = body.provider === 'sip_trunk' ? this.trunk(body.outbound_trunk_config, none) : none;
    await repo
      .insertPhoneNumber(this.db, {
        id,
        workspaceId,
        provider: body.provider,
        phoneNumber: body.phone_number,
        label: body.label,
        supportsInbound: body.supports_inbound ?? true,
        supportsOutbound: body.supports_outbound ?? true,
        agentId: body.agent_id ?? null,
        twilioAccountSid: body.provider === 'twilio' ? body.sid : null,
        sealedTwilioToken: body.provider === 'twilio' ? this.box.seal(body.token) : null,
        inboundTrunk: inbound.trunk,
        outboundTrunk: outbound.trunk,
        sealedInboundPassword: inbound.sealed,
        sealedOutboundPassword: outbound.sealed,
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw conflict(
            `The phone number ${body.phone_number} is already in this workspace.`,
            'phone_number_exists',
          );
        throw err;
      });
    return { phone_number_id: id };
  }

  private async row(caller: Principal, id: string) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const row = await repo.findPhoneNumber(this.db, workspaceId, id);
    if (!row) throw phoneNumberNotFound(id);
    return { workspaceId, row };
  }

  async get(caller: Principal, id: string) {
    return presentPhoneNumber((await this.row(caller, id)).row);
  }

  async list(caller: Principal, q: { provider?: string; agent_id?: string }) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const rows = await repo.listPhoneNumbers(this.db, workspaceId, {
      provider: q.provider,
      agentId: q.agent_id,
    });
    return rows.map(presentPhoneNumber);
  }

  async update(caller: Principal, id: string, body: UpdatePhoneNumberBody) {
    const { workspaceId, row } = await this.row(caller, id);
    await this.checkAgent(workspaceId, body.agent_id);
    if (row.provider !== 'sip_trunk' && (body.inbound_trunk_config || body.outbound_trunk_config))
      throw badRequest('Only SIP trunk numbers have trunk settings.', 'not_a_sip_trunk');
    const inbound = this.trunk(body.inbound_trunk_config, {
      trunk: row.inboundTrunk as Trunk | null,
      sealed: row.sealedInboundPassword,
    });
    const outbound = this.trunk(body.outbound_trunk_config, {
      trunk: row.outboundTrunk as Trunk | null,
      sealed: row.sealedOutboundPassword,
    });
    await repo.updatePhoneNumber(this.db, workspaceId, id, {
      ...(body.agent_id !== undefined ? { agentId: body.agent_id } : {}),
      ...(body.label !== undefined ? { label: body.label } : {}),
      inboundTrunk: inbound.trunk,
      outboundTrunk: outbound.trunk,
      sealedInboundPassword: inbound.sealed,
      sealedOutboundPassword: outbound.sealed,
    });
    return this.get(caller, id);
  }

  async remove(caller: Principal, id: string): Promise<void> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    if (!(await repo.deletePhoneNumber(this.db, workspaceId, id))) throw phoneNumberNotFound(id);
  }

  /** The stored number with its secrets opened, for the telephony adapters (never for a response). */
  async credentialsOf(workspaceId: string, id: string) {
    const row = await repo.findPhoneNumber(this.db, workspaceId, id);
    if (!row) throw phoneNumberNotFound(id);
    return {
      row,
      twilioToken: row.sealedTwilioToken ? this.box.open(row.sealedTwilioToken) : null,
      outboundPassword: row.sealedOutboundPassword ? this.box.open(row.sealedOutboundPassword) : null,
    };
  }
}
