// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import '@/testing/test-utils';

import { FALLBACK_SETTINGS, isUnstable, SLIDERS, type VoiceSettingsValue } from '@/lib/voice-settings-bounds';

import { VoiceSettingsPanel } from './voice-settings-panel';

function Harness({ initial = FALLBACK_SETTINGS }: { initial?: VoiceSettingsValue }) {
  const [value, setValue] = useState(initial);
  return <VoiceSettingsPanel value={value} onChange={setValue} onReset={() => setValue(FALLBACK_SETTINGS)} />;
}

const slider = (label: RegExp) => screen.getByRole('slider', { name: label });

describe('VoiceSettingsPanel', () => {
  it('shows no warning at the defaults', () => {
    render(<Harness />);
    expect(screen.queryByText('- Unstable')).toBeNull();
  });

  it('marks a slider "- Unstable" in red beyond its warn bounds, and clears it when back inside', () => {
    render(<Harness />);
    fireEvent.change(slider(/^Stability/), { target: { value: '0.1' } });
    const warning = screen.getByText('- Unstable');
    expect(warning.className).toMatch(/text-rose-600/);
    expect(slider(/Stability - Unstable/)).toBeTruthy();
    fireEvent.change(slider(/^Stability/), { target: { value: '0.6' } });
    expect(screen.queryByText('- Unstable')).toBeNull();
  });

  it('limits speed to 0.7–1.2 and warns at both ends', () => {
    render(<Harness />);
    const speed = slider(/^Speed/) as HTMLInputElement;
    expect([speed.min, speed.max]).toEqual(['0.7', '1.2']);
    fireEvent.change(speed, { target: { value: '0.75' } });
    expect(screen.getByText('- Unstable')).toBeTruthy();
    fireEvent.change(speed, { target: { value: '1.2' } });
    expect(screen.getByText('- Unstable')).toBeTruthy();
    fireEvent.change(speed, { target: { value: '1' } });
    expect(screen.queryByText('- Unstable')).toBeNull();
  });

  it('toggles speaker boost', () => {
    render(<Harness />);
    const boost = screen.getByRole('switch', { name: 'Speaker boost' }) as HTMLInputElement;
    expect(boost.checked).toBe(true);
    fireEvent.click(boost);
    expect(boost.checked).toBe(false);
  });
});

describe('isUnstable', () => {
  const bounds = Object.fromEntries(SLIDERS.map((s) => [s.key, s]));
  it.each([
    ['stability', 0.24, true],
    ['stability', 0.25, false],
    ['similarity_boost', 0.96, true],
    ['similarity_boost', 0.95, false],
    ['style', 0.51, true],
    ['style', 0.5, false],
    ['speed', 0.79, true],
    ['speed', 1.16, true],
    ['speed', 1, false],
  ] as const)('%s at %s → %s', (key, value, want) => expect(isUnstable(bounds[key]!, value)).toBe(want));
});
