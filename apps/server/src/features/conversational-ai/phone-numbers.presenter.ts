/** A phone number as conversationalAi.phoneNumbers.get answers it: no token, no password (decision 225). */
import type { PhoneNumberResponse } from '@vocalis/contracts/conversational-ai-phone-numbers';
import type { PhoneNumberWithAgent } from './phone-numbers.repo';

type Obj = Record<string, unknown>;
type Creds = { username?: string } | undefined;

const creds = (trunk: Obj | null, sealedPassword: string | null) => {
  const username = (trunk?.credentials as Creds)?.username;
  return {
    has_auth_credentials: Boolean(username || sealedPassword),
    ...(username ? { username } : {}),
  };
};

export function outboundTrunkOf(row: PhoneNumberWithAgent) {
  const t = row.outboundTrunk;
  if (!t) return undefined;
  return {
    address: String(t.address),
    transport: (t.transport as string | undefined) ?? 'auto',
    media_encryption: (t.media_encryption as string | undefined) ?? 'disabled',
    ...(t.headers ? { headers: t.headers as Record<string, string> } : {}),
    ...(t.attributes_to_headers
      ? { attributes_to_headers: t.attributes_to_headers as Record<string, string> }
      : {}),
    ...creds(t, row.sealedOutboundPassword),
    has_outbound_trunk: true,
    enabled_codecs: (t.enabled_codecs as string[] | undefined) ?? ['PCMU/8000'],
  };
}

function inboundTrunkOf(row: PhoneNumberWithAgent) {
  const t = row.inboundTrunk ?? {};
  return {
    allowed_addresses: (t.allowed_addresses as string[] | undefined) ?? [],
    ...(t.allowed_numbers ? { allowed_numbers: t.allowed_numbers as string[] } : {}),
    media_encryption: (t.media_encryption as string | undefined) ?? 'disabled',
    ...creds(t, row.sealedInboundPassword),
    ...(t.remote_domains ? { remote_domains: t.remote_domains as string[] } : {}),
  };
}

export function presentPhoneNumber(row: PhoneNumberWithAgent): PhoneNumberResponse {
  const base = {
    phone_number_id: row.id,
    provider: row.provider,
    phone_number: row.phoneNumber,
    label: row.label,
    supports_inbound: row.supportsInbound,
    supports_outbound: row.supportsOutbound,
    assigned_agent:
      row.agentId && row.agentName ? { agent_id: row.agentId, agent_name: row.agentName } : null,
  };
  if (row.provider === 'twilio') return base;
  const outbound = outboundTrunkOf(row);
  return {
    ...base,
    ...(outbound ? { provider_config: outbound, outbound_trunk: outbound } : {}),
    inbound_trunk: inboundTrunkOf(row),
    livekit_stack: 'standard',
  };
}
