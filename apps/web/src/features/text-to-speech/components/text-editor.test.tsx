// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import '@/testing/test-utils';

import { quotaOf } from '../api/get-quota';
import { downloadFileName, sanitizeFileName } from '../lib/download-name';
import { SAMPLE_TEXTS } from '../lib/sample-texts';

import { characterCountText, TextEditor } from './text-editor';

function Harness({ max = 10, quota = null as number | null }) {
  const [text, setText] = useState('');
  return <TextEditor value={text} onChange={setText} maxLength={max} remainingQuota={quota} />;
}

describe('TextEditor', () => {
  it('offers sample texts while the box is empty; one click fills it and the samples go away', () => {
    render(<Harness max={5000} />);
    const samples = screen.getByRole('group', { name: 'Samples to try' });
    fireEvent.click(within(samples).getByRole('button', { name: SAMPLE_TEXTS[1].label }));
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe(SAMPLE_TEXTS[1].text);
    expect(screen.queryByRole('group', { name: 'Samples to try' })).toBeNull();
  });

  it('shows the language hint it is given', () => {
    render(
      <TextEditor
        value=""
        onChange={() => undefined}
        maxLength={10}
        remainingQuota={null}
        languageHint="Write in English: this model reads English only."
      />,
    );
    expect(screen.getByTestId('language-hint').textContent).toBe(
      'Write in English: this model reads English only.',
    );
  });

  it('counts characters against the model limit and turns red past it', () => {
    render(<Harness max={10} />);
    const count = screen.getByTestId('character-count');
    expect(count.textContent).toBe('0 / 10');
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello' } });
    expect(count.textContent).toBe('5 / 10');
    expect(count.className).not.toMatch(/rose/);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello world!' } });
    expect(count.textContent).toBe('12 / 10');
    expect(count.className).toMatch(/text-rose-600/);
  });

  it('shows the remaining quota only when the server reports one', () => {
    const { unmount } = render(<Harness quota={12345} />);
    expect(screen.getByTestId('quota-remaining').textContent).toBe('12,345 credits remaining');
    unmount();
    render(<Harness />);
    expect(screen.queryByTestId('quota-remaining')).toBeNull();
  });

  it('formats large counts with separators', () => {
    expect(characterCountText(1234, 10000)).toBe('1,234 / 10,000');
  });
});

describe('quotaOf', () => {
  it('reads character_count and character_limit, never below zero', () => {
    expect(quotaOf({ subscription: { character_count: 40, character_limit: 100 } } as never)).toEqual({
      used: 40,
      limit: 100,
      remaining: 60,
    });
    expect(
      quotaOf({ subscription: { character_count: 140, character_limit: 100 } } as never)?.remaining,
    ).toBe(0);
    expect(quotaOf({ subscription: {} } as never)).toBeNull();
    expect(quotaOf(undefined)).toBeNull();
  });
});

describe('download file names', () => {
  it('strips illegal characters, collapses spaces and truncates', () => {
    expect(sanitizeFileName('a<b>:c "d" / e\u0001  f')).toBe('abc_d_e_f');
    expect(sanitizeFileName('x'.repeat(300))).toHaveLength(255);
  });

  it('carries timestamp, voice, category suffix, settings and model code', () => {
    expect(
      downloadFileName({
        date: new Date('2026-11-22T06:30:05Z'),
        voiceName: 'Aria Smith',
        category: 'premade',
        settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 },
        modelId: 'eleven_multilingual_v2',
      }),
    ).toBe('Vocalis_2026-11-22T06_30_05_Aria_Smith_pre_s50_sb75_se0_b_sp100_multilingual_v2.mp3');
  });
});
