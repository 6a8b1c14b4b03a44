import { describe, expect, it } from 'vitest';

import { historyVoiceLabel } from './history-voice-label';

const line = (voice_name: string, voice_id = `id-${voice_name}`) => ({ text: 'Hi.', voice_id, voice_name });

describe('historyVoiceLabel', () => {
  it.each([
    [{ voice_name: 'Susan' }, 'Susan'],
    [{ voice_name: null }, 'Unknown voice'],
    [{ voice_name: '' }, 'Unknown voice'],
    // A dialogue: each voice once, in speaking order, whatever the stored voice_name says.
    [{ voice_name: null, dialogue: [line('Susan'), line('Kal'), line('Susan')] }, 'Susan, Kal'],
    [{ voice_name: 'Susan, Kal', dialogue: [line('Kal'), line('Susan')] }, 'Kal, Susan'],
    [{ voice_name: null, dialogue: [line('', 'abc123'), line('Kal')] }, 'abc123, Kal'],
    [{ voice_name: 'Susan', dialogue: [] }, 'Susan'],
  ])('%j -> %s', (item, label) => expect(historyVoiceLabel(item)).toBe(label));
});
