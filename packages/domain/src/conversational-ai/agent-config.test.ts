import { describe, expect, it } from 'vitest';
import { agentMode, mergeConfig, substituteVariables, withoutRemovedDataFields } from './agent-config';

describe('mergeConfig', () => {
  it('merges nested objects, replaces arrays and scalars, keeps what the patch leaves out', () => {
    const base = {
      agent: { first_message: 'Hi', prompt: { prompt: 'a', tools: [1, 2] }, x: 1 },
      tts: { voice_id: 'v' },
    };
    const merged = mergeConfig(base, { agent: { prompt: { tools: [3] }, first_message: 'Hello' } });
    expect(merged).toEqual({
      agent: { first_message: 'Hello', prompt: { prompt: 'a', tools: [3] }, x: 1 },
      tts: { voice_id: 'v' },
    });
    expect(base.agent.first_message).toBe('Hi');
  });

  it('clears a key set to null and ignores undefined', () => {
    expect(mergeConfig({ a: { b: 1 }, c: 2 }, { a: null, c: undefined })).toEqual({ a: null, c: 2 });
  });
});

describe('withoutRemovedDataFields', () => {
  it('drops data-collection fields set to null and keeps the rest as sent', () => {
    expect(
      withoutRemovedDataFields({
        data_collection: { city: null, guests: { type: 'integer', x: 1 } },
        evaluation: { criteria: [] },
      }),
    ).toEqual({ data_collection: { guests: { type: 'integer', x: 1 } }, evaluation: { criteria: [] } });
    expect(withoutRemovedDataFields({ data_collection: null })).toEqual({ data_collection: null });
  });
});

describe('substituteVariables', () => {
  it('replaces known placeholders and leaves unknown ones', () => {
    expect(
      substituteVariables('Hi {{name}}, order {{ order_id }} {{missing}}', { name: 'Ann', order_id: 42 }),
    ).toBe('Hi Ann, order 42 {{missing}}');
  });
});

describe('agentMode', () => {
  it.each([
    [true, 0, 'llm'],
    [true, 3, 'llm'],
    [false, 2, 'retrieval'],
    [false, 0, 'scripted'],
  ] as const)('llm %s, %i documents: %s', (llmConfigured, knowledgeBaseDocuments, mode) => {
    expect(agentMode({ llmConfigured, knowledgeBaseDocuments })).toBe(mode);
  });
});
