import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  onboardingRedirect,
  surveyProblem,
  type OnboardingSurveyAnswer,
} from './onboarding-survey';

const good: OnboardingSurveyAnswer = {
  first_name: 'Ada',
  role: 'Developer',
  subrole: 'Building an app',
  timezone: 'Europe/London',
  source: 'Friend or colleague',
};

describe('onboarding survey', () => {
  it.each([
    ['a complete answer', {}, null],
    ['a blank first name', { first_name: '  ' }, 'Please tell us your first name.'],
    ['an unknown role', { role: 'Wizard' }, 'Please choose a role.'],
    ['a subrole of another role', { subrole: 'Podcaster' }, 'Please choose what describes you best.'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'Please choose a time zone.'],
    ['an unknown source', { source: 'Carrier pigeon' }, 'Please tell us how you found us.'],
  ])('judges %s', (_name, patch, expected) => {
    expect(surveyProblem({ ...good, ...patch })).toBe(expected);
  });

  it.each([
    ['UTC', true],
    ['America/Chicago', true],
    ['', false],
    ['Nowhere/Else', false],
  ])('knows the time zone %j: %s', (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });

  it.each([
    [false, '/app/home', '/app/onboarding'],
    [false, '/app/settings', '/app/onboarding'],
    [false, '/app/onboarding', null],
    [false, '/app/onboarding/next', null],
    [true, '/app/home', null],
    [true, '/app/onboarding', null],
  ])('completed %s at %s goes to %j', (completed, pathname, expected) => {
    expect(onboardingRedirect({ is_onboarding_completed: completed }, pathname)).toBe(expected);
  });
});
