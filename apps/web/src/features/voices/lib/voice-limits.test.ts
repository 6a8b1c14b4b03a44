import { describe, expect, it } from 'vitest';

import { voiceLimits } from './voice-limits';

const sub = (o: Partial<Parameters<typeof voiceLimits>[0]> = {}) => ({
  voice_slots_used: 1,
  voice_limit: 3,
  max_voice_add_edits: 55,
  voice_add_edit_counter: 2,
  can_use_instant_voice_cloning: true,
  ...o,
});

describe('voiceLimits', () => {
  it('shows custom voices and adds/edits of the month (free: 3 voices, round(1.5 × 3 + 50) = 55)', () => {
    expect(voiceLimits(sub())).toEqual({
      voicesText: '1 / 3 custom voices',
      addEditsText: '2 / 55 voice adds and edits this month',
      addBlockedReason: null,
      editBlockedReason: null,
    });
  });

  it('blocks adding at the custom voice limit, with the reason, but not editing', () => {
    const l = voiceLimits(sub({ voice_slots_used: 3 }));
    expect(l.addBlockedReason).toBe(
      'You have reached your maximum amount of custom voices (3 / 3). Upgrade your plan or delete a voice to add another.',
    );
    expect(l.editBlockedReason).toBeNull();
  });

  it('blocks adds and edits once the month’s allowance is used', () => {
    const l = voiceLimits(sub({ voice_add_edit_counter: 55 }));
    expect(l.editBlockedReason).toBe(
      'You have used all 55 voice additions and edits of this month. The count resets at the start of next month.',
    );
    expect(l.addBlockedReason).toBe(l.editBlockedReason);
  });

  it('says unlimited on enterprise', () => {
    const l = voiceLimits(sub({ voice_limit: -1, max_voice_add_edits: null, voice_slots_used: 900 }));
    expect(l.voicesText).toBe('900 / unlimited custom voices');
    expect(l.addEditsText).toBe('2 / unlimited voice adds and edits this month');
    expect(l.addBlockedReason).toBeNull();
  });

  it('blocks adding when the plan has no instant cloning', () => {
    expect(voiceLimits(sub({ can_use_instant_voice_cloning: false })).addBlockedReason).toBe(
      'Your plan does not include instant voice cloning.',
    );
  });
});
