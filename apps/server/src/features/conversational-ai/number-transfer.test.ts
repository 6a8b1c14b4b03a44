import { describe, expect, it } from 'vitest';
import { numberTransferRules, numberTransferToolDefinition } from './number-transfer';
import { referTarget } from './telephony/sip-message';

describe('transfer_to_number rules', () => {
  const prompt = {
    built_in_tools: {
      transfer_to_number: {
        name: 'transfer_to_number',
        params: {
          system_tool_type: 'transfer_to_number',
          transfers: [
            { transfer_destination: { type: 'phone', phone_number: '+15550001111' }, condition: 'Sales.' },
            {
              transfer_destination: { type: 'sip_uri', sip_uri: 'sip:desk@pbx.example' },
              condition: 'Desk.',
            },
            { phone_number: '+15550002222', condition: 'Older shape.' },
            { transfer_destination: { type: 'phone', phone_number: '+15550001111' }, condition: 'Again.' },
            { condition: 'No destination.' },
          ],
        },
      },
    },
  };
  const tools = [
    {
      type: 'system',
      name: 'transfer_to_number',
      params: { transfers: [{ transfer_destination: { type: 'phone', phone_number: '+15550003333' } }] },
    },
    { type: 'system', name: 'end_call', params: { transfers: [{ phone_number: '+15550009999' }] } },
  ];

  it('reads the built-in tool and system tools, once per destination', () => {
    expect(numberTransferRules(prompt, tools)).toEqual([
      { destination: '+15550001111', kind: 'phone', condition: 'Sales.' },
      { destination: 'sip:desk@pbx.example', kind: 'sip_uri', condition: 'Desk.' },
      { destination: '+15550002222', kind: 'phone', condition: 'Older shape.' },
      { destination: '+15550003333', kind: 'phone', condition: '' },
    ]);
    expect(numberTransferRules({}, [])).toEqual([]);
  });

  it('offers the destinations as an enum with their conditions', () => {
    const def = numberTransferToolDefinition(numberTransferRules(prompt, []));
    expect(def.function.name).toBe('transfer_to_number');
    expect(def.function.description).toContain('- +15550001111: Sales.');
    expect(def.function.parameters).toMatchObject({
      properties: { transfer_number: { enum: ['+15550001111', 'sip:desk@pbx.example', '+15550002222'] } },
      required: ['transfer_number'],
    });
  });

  it('REFERs a number to the trunk and a SIP URI as given', () => {
    expect(referTarget({ destination: '+15550001111', kind: 'phone', condition: '' }, '10.0.0.5:5060')).toBe(
      'sip:+15550001111@10.0.0.5:5060',
    );
    expect(referTarget({ destination: 'desk@pbx.example', kind: 'sip_uri', condition: '' }, 'x')).toBe(
      'sip:desk@pbx.example',
    );
  });
});
