import { describe, expect, it } from 'vitest';

import { behaviourConfig, behaviourOf, behaviourPlatform } from './agent-behaviour';

const agent = (conversation_config: object, platform_settings: object = {}) =>
  ({ agent_id: 'agent_1', conversation_config, platform_settings }) as never;

describe('the agent editor’s Tools, Analysis and Advanced tabs', () => {
  it('reads what is stored and writes it back unchanged', () => {
    const stored = agent(
      {
        agent: {
          prompt: {
            tool_ids: ['tool_a'],
            temperature: 0.5,
            built_in_tools: {
              end_call: { type: 'system', name: 'end_call', params: { system_tool_type: 'end_call' } },
              transfer_to_agent: {
                name: 'transfer_to_agent',
                params: {
                  system_tool_type: 'transfer_to_agent',
                  transfers: [
                    {
                      agent_id: 'agent_2',
                      condition: 'billing',
                      enable_transferred_agent_first_message: false,
                    },
                  ],
                },
              },
              skip_turn: null,
            },
          },
        },
        turn: { turn_timeout: 9 },
        conversation: { max_duration_seconds: 300 },
      },
      {
        evaluation: { criteria: [{ id: 'solved', name: 'Solved', conversation_goal_prompt: 'Answered.' }] },
        data_collection: { city: { type: 'string', description: 'City' } },
        privacy: { record_voice: false },
      },
    );
    const b = behaviourOf(stored);
    expect(b.system_tools).toEqual({
      end_call: true,
      transfer_to_agent: true,
      language_detection: false,
      skip_turn: false,
    });
    expect(b.transfers).toEqual([
      { agent_id: 'agent_2', condition: 'billing', transfer_message: '', first_message: false },
    ]);
    expect(b.advanced).toMatchObject({
      turn_timeout: '9',
      max_duration_seconds: '300',
      temperature: '0.5',
      interruptions: true,
      record_voice: false,
    });
    const config = behaviourConfig(b);
    expect(config.prompt.tool_ids).toEqual(['tool_a']);
    expect(config.prompt.built_in_tools.skip_turn).toBeNull();
    expect(config.prompt.built_in_tools.transfer_to_agent).toMatchObject({
      params: {
        transfers: [
          { agent_id: 'agent_2', condition: 'billing', enable_transferred_agent_first_message: false },
        ],
      },
    });
    expect(config.turn).toEqual({ turn_timeout: 9, silence_end_call_timeout: null });
    // Client events are left alone until interruptions are switched.
    expect(config.conversation).toEqual({ max_duration_seconds: 300, text_only: false });
    expect(behaviourPlatform(b)).toEqual({
      evaluation: {
        criteria: [{ id: 'solved', name: 'Solved', conversation_goal_prompt: 'Answered.', type: 'prompt' }],
      },
      data_collection: { city: { type: 'string', description: 'City' } },
      privacy: { record_voice: false },
    });
  });

  it('removes dropped data fields with null, names new criteria from their name, and turns interruptions off', () => {
    const b = behaviourOf(
      agent({}, { data_collection: { city: { type: 'string' }, guests: { type: 'integer' } } }),
    );
    const edited = {
      ...b,
      data_fields: b.data_fields.filter((f) => f.id !== 'city'),
      criteria: [{ id: '', name: 'Booked a table', prompt: 'A table was booked.' }],
      advanced: { ...b.advanced, interruptions: false },
    };
    expect(behaviourPlatform(edited).data_collection).toEqual({ city: null, guests: { type: 'integer' } });
    expect(behaviourPlatform(edited).evaluation.criteria[0]!.id).toBe('booked_a_table');
    expect(behaviourConfig(edited).conversation.client_events).toEqual([
      'audio',
      'user_transcript',
      'agent_response',
      'agent_response_correction',
    ]);
    const stored = behaviourOf(agent({ conversation: { client_events: ['audio', 'agent_response'] } }));
    expect(stored.advanced.interruptions).toBe(false);
    expect(
      behaviourConfig({ ...stored, advanced: { ...stored.advanced, interruptions: true } }).conversation
        .client_events,
    ).toEqual(['audio', 'agent_response', 'interruption']);
  });
});
