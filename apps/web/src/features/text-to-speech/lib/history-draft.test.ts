import { describe, expect, it } from 'vitest';

import { historyDraft, historySettings } from './history-draft';
import { FALLBACK_SETTINGS } from '@/lib/voice-settings-bounds';

const known = { voiceIds: ['v1', 'v2'], modelIds: ['m1'], defaults: FALLBACK_SETTINGS };
const item = {
  text: 'Hello there.',
  voice_id: 'v2',
  model_id: 'm1',
  settings: { stability: 0.3, similarity_boost: 0.9, style: 0.2, speed: 1.1, use_speaker_boost: false },
};

describe('historyDraft', () => {
  it('puts back text, voice, model and settings of a single-voice item', () => {
    expect(historyDraft(item, known)).toEqual({
      mode: 'single',
      text: 'Hello there.',
      voiceId: 'v2',
      modelId: 'm1',
      settings: { stability: 0.3, similarity_boost: 0.9, style: 0.2, speed: 1.1, use_speaker_boost: false },
    });
  });

  it('leaves out a voice or model that is gone', () => {
    const draft = historyDraft({ ...item, voice_id: 'deleted', model_id: 'eleven_old' }, known);
    expect(draft).toMatchObject({ voiceId: null, modelId: null, text: 'Hello there.' });
  });

  it('puts back a dialogue as its lines', () => {
    const dialogue = [
      { text: 'Hi.', voice_id: 'v1', voice_name: 'A' },
      { text: 'Hello.', voice_id: 'v2', voice_name: 'B' },
    ];
    expect(historyDraft({ ...item, text: 'Hi.\nHello.', dialogue }, known)).toEqual({
      mode: 'dialogue',
      lines: [
        { text: 'Hi.', voice_id: 'v1' },
        { text: 'Hello.', voice_id: 'v2' },
      ],
      modelId: 'm1',
    });
  });
});

describe('historySettings', () => {
  it.each([
    [null, null],
    [{}, FALLBACK_SETTINGS],
    [
      { stability: 'x', speed: 0.9 },
      { ...FALLBACK_SETTINGS, speed: 0.9 },
    ],
    [{ use_speaker_boost: false }, { ...FALLBACK_SETTINGS, use_speaker_boost: false }],
  ])('%j', (settings, expected) => expect(historySettings(settings, FALLBACK_SETTINGS)).toEqual(expected));
});
