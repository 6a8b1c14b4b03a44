// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { SurveyStepOne } from './survey-step-one';
import { SurveyStepTwo } from './survey-step-two';

function renderSurvey(path: string, userId = 'u1') {
  renderWithProviders(
    <Routes>
      <Route path="/app/onboarding" element={<SurveyStepOne userId={userId} suggestedName="Ada" />} />
      <Route
        path="/app/onboarding/next"
        element={<SurveyStepTwo userId={userId} afterComplete="/app/onboarding-checklist" />}
      />
    </Routes>,
    { path },
  );
}

/** A reload, or the same address opened in a new tab: the page mounts afresh without this tab's session storage. */
function reopen(path: string, userId = 'u1') {
  cleanup();
  window.sessionStorage.clear();
  renderSurvey(path, userId);
}

const radio = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('onboarding survey: saying what is missing', () => {
  it('keeps Continue usable, says why it cannot go on yet, and takes the user to the missing answer', () => {
    renderSurvey('/app/onboarding');
    const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    expect(next.getAttribute('aria-describedby')).toBeTruthy();
    const hint = () => document.getElementById(next.getAttribute('aria-describedby')!)!;
    expect(hint().textContent).toBe('Choose what best describes you to continue.');

    fireEvent.click(next);
    expect(screen.getByRole('alert').textContent).toBe('Choose what best describes you to continue.');
    expect(document.activeElement).toBe(radio('Content creator'));

    fireEvent.click(radio('Developer'));
    expect(hint().textContent).toBe('Choose one of the options under “And more precisely?” to continue.');
    fireEvent.click(next);
    expect(document.activeElement).toBe(radio('Building an app'));
    expect(screen.getByRole('heading', { name: 'Welcome! Tell us about yourself' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' ' } });
    fireEvent.click(radio('Building an agent'));
    expect(hint().textContent).toBe('Enter your first name to continue.');
    fireEvent.click(next);
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'Almost there' })).toBeTruthy();
  });

  it('keeps Finish usable and sends the user to the question still unanswered', () => {
    renderSurvey('/app/onboarding');
    fireEvent.click(radio('Developer'));
    fireEvent.click(radio('Building an agent'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const finish = screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement;
    expect(finish.disabled).toBe(false);
    fireEvent.click(finish);
    expect(screen.getByRole('alert').textContent).toBe('Choose how you heard about us to finish.');
    expect(document.activeElement).toBe(radio('Search engine'));
  });
});

describe('onboarding survey: answers survive a reload', () => {
  it('reopens the second step with the first step’s answers and the second step’s choices', () => {
    renderSurvey('/app/onboarding');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.click(radio('Developer'));
    fireEvent.click(radio('Building an app'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(radio('Friend or colleague'));

    reopen('/app/onboarding/next');
    expect(screen.getByRole('heading', { name: 'Almost there' })).toBeTruthy();
    expect(radio('Friend or colleague').checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Grace');
    expect(radio('Developer').checked).toBe(true);
    expect(radio('Building an app').checked).toBe(true);
  });

  it('keeps the first step’s answers while it is being filled in', () => {
    renderSurvey('/app/onboarding');
    fireEvent.click(radio('Business'));
    reopen('/app/onboarding');
    expect(radio('Business').checked).toBe(true);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
  });

  it('does not hand one account’s answers to another signed in on the same browser', () => {
    renderSurvey('/app/onboarding', 'u1');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.click(radio('Developer'));
    fireEvent.click(radio('Building an app'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    reopen('/app/onboarding', 'u2');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect(radio('Developer').checked).toBe(false);
  });
});
