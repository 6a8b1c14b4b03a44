// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import '@/testing/test-utils';

import { DescriptionReading } from './description-reading';

describe('DescriptionReading', () => {
  it('shows the attributes understood, the words not used and what the previews will vary', () => {
    render(<DescriptionReading description="a calm Scottish woman with a raspy laugh" remix={false} />);
    expect(screen.getByText('Gender: female')).toBeTruthy();
    expect(screen.getByText('Accent: Scottish')).toBeTruthy();
    expect(screen.getByText('Energy: calm')).toBeTruthy();
    expect(screen.getByText('raspy, laugh', { exact: false }).textContent).toBe('Not used: raspy, laugh');
    expect(screen.getByText(/Left open/).textContent).toBe(
      'Left open, so the three previews will differ in: age and pitch.',
    );
  });

  it('says nothing was understood yet, and does not promise variety for a remix', () => {
    render(<DescriptionReading description="something else" remix />);
    expect(screen.getByText('nothing yet')).toBeTruthy();
    expect(screen.queryByText(/Left open/)).toBeNull();
  });

  it('renders nothing for an empty description', () => {
    const { container } = render(<DescriptionReading description="  " remix={false} />);
    expect(container.textContent).toBe('');
  });
});
