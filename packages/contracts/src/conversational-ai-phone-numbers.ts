/** Phone numbers and outbound calls (conversationalAi.phoneNumbers.*, .twilio / .sipTrunk.outboundCall; decisions 225-227). */
import { z } from 'zod';

/** A dialable number: E.164 with or without its "+" (3 to 15 digits). */
export const dialableNumber = z
  .string()
  .trim()
  .regex(/^\+?[1-9]\d{2,14}$/, 'A phone number is 3 to 15 digits, optionally after a "+" (E.164).');

const credentials = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500).optional(),
});
const encryption = z.enum(['disabled', 'allowed', 'required']);
const headers = z.record(z.string().max(200), z.string().max(2000));
const codec = z.enum(['G722/8000', 'PCMU/8000', 'PCMA/8000']);

/** host, host:port or sip:host[:port]; the transport the adapter speaks is UDP. */
export const sipAddress = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(
    /^(sips?:)?[A-Za-z0-9.-]+(:\d{1,5})?$/,
    'A SIP address is a host name or IP address, with an optional :port.',
  );

export const outboundTrunkConfig = z.object({
  address: sipAddress,
  transport: z.enum(['auto', 'udp', 'tcp', 'tls']).optional(),
  media_encryption: encryption.optional(),
  headers: headers.optional(),
  attributes_to_headers: headers.optional(),
  credentials: credentials.optional(),
  enabled_codecs: z.array(codec).max(3).optional(),
});
export const inboundTrunkConfig = z.object({
  allowed_addresses: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  allowed_numbers: z.array(dialableNumber).max(1000).optional(),
  media_encryption: encryption.optional(),
  credentials: credentials.optional(),
  remote_domains: z.array(z.string().trim().min(1).max(255)).max(100).optional(),
  attributes_to_headers: headers.optional(),
});

const common = {
  phone_number: dialableNumber,
  label: z.string().trim().min(1).max(200),
  supports_inbound: z.boolean().optional(),
  supports_outbound: z.boolean().optional(),
  agent_id: z.string().min(1).max(64).optional(),
};
export const createPhoneNumberBody = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('twilio'),
    ...common,
    sid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'A Twilio account SID is "AC" followed by 32 hexadecimal digits.'),
    token: z.string().trim().min(1).max(200),
    account_auth_token: z.string().max(200).optional(),
    region_config: z.unknown().optional(),
    enable_sms: z.boolean().optional(),
  }),
  z.object({
    provider: z.literal('sip_trunk'),
    ...common,
    inbound_trunk_config: inboundTrunkConfig.optional(),
    outbound_trunk_config: outboundTrunkConfig.optional(),
  }),
]);
export type CreatePhoneNumberBody = z.infer<typeof createPhoneNumberBody>;

export const updatePhoneNumberBody = z.object({
  agent_id: z.string().min(1).max(64).nullable().optional(),
  label: z.string().trim().min(1).max(200).optional(),
  inbound_trunk_config: inboundTrunkConfig.optional(),
  outbound_trunk_config: outboundTrunkConfig.optional(),
  livekit_stack: z.enum(['standard', 'static']).optional(),
  store_sip_messages: z.boolean().optional(),
  environment: z.string().max(100).optional(),
  branch_id: z.string().max(100).optional(),
});
export type UpdatePhoneNumberBody = z.infer<typeof updatePhoneNumberBody>;

export const phoneNumberParams = z.object({ phone_number_id: z.string().min(1).max(64) });
export const listPhoneNumbersQuery = z.object({
  provider: z.enum(['twilio', 'sip_trunk', 'exotel']).optional(),
  agent_id: z.string().max(64).optional(),
});

const agentInfo = z.object({ agent_id: z.string(), agent_name: z.string() });
const outboundTrunkOut = z.object({
  address: z.string(),
  transport: z.string(),
  media_encryption: z.string(),
  headers: headers.optional(),
  attributes_to_headers: headers.optional(),
  has_auth_credentials: z.boolean(),
  username: z.string().optional(),
  has_outbound_trunk: z.boolean().optional(),
  enabled_codecs: z.array(z.string()).optional(),
});
const inboundTrunkOut = z.object({
  allowed_addresses: z.array(z.string()),
  allowed_numbers: z.array(z.string()).optional(),
  media_encryption: z.string(),
  has_auth_credentials: z.boolean(),
  username: z.string().optional(),
  remote_domains: z.array(z.string()).optional(),
  attributes_to_headers: headers.optional(),
});
export const phoneNumberResponse = z.object({
  phone_number_id: z.string(),
  provider: z.enum(['twilio', 'sip_trunk']),
  phone_number: z.string(),
  label: z.string(),
  supports_inbound: z.boolean(),
  supports_outbound: z.boolean(),
  assigned_agent: agentInfo.nullable(),
  provider_config: outboundTrunkOut.optional(),
  outbound_trunk: outboundTrunkOut.optional(),
  inbound_trunk: inboundTrunkOut.optional(),
  livekit_stack: z.literal('standard').optional(),
});
export type PhoneNumberResponse = z.infer<typeof phoneNumberResponse>;

const clientData = z.looseObject({
  dynamic_variables: z
    .record(z.string().max(200), z.union([z.string().max(10_000), z.number(), z.boolean()]))
    .optional(),
  user_id: z.string().max(200).optional(),
  conversation_config_override: z.record(z.string(), z.unknown()).optional(),
});
export const conversationInitiationClientData = clientData;
export const telephonyCallConfig = z.looseObject({
  ringing_timeout_secs: z.number().int().min(5).max(300).optional(),
});

export const outboundCallBody = z.object({
  agent_id: z.string().min(1).max(64),
  agent_phone_number_id: z.string().min(1).max(64),
  to_number: dialableNumber,
  conversation_initiation_client_data: clientData.optional(),
  call_recording_enabled: z.boolean().optional(),
  telephony_call_config: telephonyCallConfig.optional(),
});
export type OutboundCallBody = z.infer<typeof outboundCallBody>;
export const twilioOutboundResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  conversation_id: z.string().optional(),
  callSid: z.string().optional(),
});
export const sipOutboundResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  conversation_id: z.string().optional(),
  sip_call_id: z.string().optional(),
});
