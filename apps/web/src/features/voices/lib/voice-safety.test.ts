import { describe, expect, it } from 'vitest';

import { safetyDialogFor } from './voice-safety';

const v = (voice_id: string, safety_control: 'BAN' | 'CAPTCHA' | null) => ({
  voice_id,
  name: voice_id,
  safety_control,
});

describe('safetyDialogFor (content-and-workspace.md §4 voice safety)', () => {
  it('opens voiceBlocked for a BAN voice not flagged before', () => {
    expect(safetyDialogFor([v('a', null), v('b', 'BAN')], [], false)).toEqual({
      kind: 'blocked',
      voice: v('b', 'BAN'),
    });
  });

  it('does not open it again for a voice already flagged', () => {
    expect(safetyDialogFor([v('b', 'BAN')], ['b'], false)).toBeNull();
  });

  it('opens voiceCaptcha for a CAPTCHA voice, unless a new cloning flow is in progress', () => {
    expect(safetyDialogFor([v('c', 'CAPTCHA')], [], false)?.kind).toBe('captcha');
    expect(safetyDialogFor([v('c', 'CAPTCHA')], [], true)).toBeNull();
  });

  it('reports a newly blocked voice before a captcha', () => {
    expect(safetyDialogFor([v('c', 'CAPTCHA'), v('b', 'BAN')], [], false)?.kind).toBe('blocked');
  });
});
