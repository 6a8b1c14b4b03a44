/**
 * The system tool transfer_to_number (decision 256): the rules of `prompt.built_in_tools.transfer_to_number`
 * or a system tool of that name (`params.transfers`, the SDK's `PhoneNumberTransfer`: `transfer_destination`
 * `{type: phone, phone_number}` or `{type: sip_uri, sip_uri}`, or the older bare `phone_number`; `condition`),
 * and the function the model sees. Offered only in phone calls whose line can transfer.
 */
import type { ToolDefinition } from './chat-completions';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export type NumberTransferRule = {
  /** A phone number (E.164) or a SIP URI. */
  destination: string;
  kind: 'phone' | 'sip_uri';
  condition: string;
};

export function numberTransferRules(prompt: Obj, tools: Obj[]): NumberTransferRule[] {
  const sources = [
    obj(obj(prompt.built_in_tools).transfer_to_number),
    ...tools.filter((t) => t.type === 'system' && t.name === 'transfer_to_number'),
  ];
  const rules: NumberTransferRule[] = [];
  for (const source of sources) {
    const transfers = obj(source.params).transfers;
    if (!Array.isArray(transfers)) continue;
    for (const t of transfers.map(obj)) {
      const to = obj(t.transfer_destination);
      const sip = to.type === 'sip_uri' && typeof to.sip_uri === 'string' ? to.sip_uri : null;
      const phone =
        to.type === 'phone' && typeof to.phone_number === 'string'
          ? to.phone_number
          : typeof t.phone_number === 'string'
            ? t.phone_number
            : null;
      const destination = (sip ?? phone)?.trim();
      if (!destination || rules.some((r) => r.destination === destination)) continue;
      rules.push({
        destination,
        kind: sip ? 'sip_uri' : 'phone',
        condition: typeof t.condition === 'string' ? t.condition : '',
      });
    }
  }
  return rules;
}

export function numberTransferToolDefinition(rules: NumberTransferRule[]): ToolDefinition {
  return {
    type: 'function',
    function: {
      name: 'transfer_to_number',
      description:
        'Transfer the phone call to a person at one of these numbers when its condition holds; the call ' +
        'leaves you:\n' +
        rules.map((r) => `- ${r.destination}: ${r.condition || '(no condition given)'}`).join('\n'),
      parameters: {
        type: 'object',
        properties: {
          transfer_number: { type: 'string', enum: rules.map((r) => r.destination) },
          client_message: { type: 'string', description: 'Said to the caller before the transfer.' },
        },
        required: ['transfer_number'],
      },
    },
  };
}

/** A line that can hand its call to another number (Twilio <Dial>, SIP REFER). */
export type CallTransfer = (rule: NumberTransferRule) => Promise<void>;
