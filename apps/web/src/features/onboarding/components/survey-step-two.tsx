import { ONBOARDING_SOURCES } from '@vocalis/domain/onboarding-survey';
import { useMemo, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { showErrorToast } from '@/lib/error-toast';

import { useCompleteSurvey } from '../api/complete-survey';

import { ChoiceGroup } from './choice-group';
import { OnboardingFrame } from './onboarding-frame';
import { clearSurveyDraft, readSurveyDraft } from './survey-draft';

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** /app/onboarding/next: time zone and how the user found us; sends the whole survey. */
export function SurveyStepTwo({ afterComplete }: { afterComplete: string }) {
  const navigate = useNavigate();
  // Read once: the draft is cleared on success, and the page must not bounce back to step one meanwhile.
  const [draft] = useState(readSurveyDraft);
  const detected = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const zones = useMemo(() => timeZones(detected), [detected]);
  const [timezone, setTimezone] = useState(detected);
  const [source, setSource] = useState('');
  const complete = useCompleteSurvey();

  if (!draft) return <Navigate to="/app/onboarding" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!source) return;
    complete.mutate(
      { ...draft, timezone, source },
      {
        onSuccess: () => {
          clearSurveyDraft();
          void navigate(afterComplete, { replace: true });
        },
        onError: (error) => showErrorToast(error),
      },
    );
  };

  return (
    <OnboardingFrame
      step={2}
      title="Almost there"
      description="Two last questions and your workspace is ready."
    >
      <form onSubmit={onSubmit} className="space-y-6">
        <Field label="Time zone">
          {(id) => (
            <select
              id={id}
              autoFocus
              className={inputClasses}
              value={timezone}
              onChange={(e) => setTimezone(e.target.value)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ChoiceGroup
          legend="How did you hear about us?"
          options={ONBOARDING_SOURCES}
          value={source}
          onChange={setSource}
        />
        <div className="flex items-center justify-between gap-3">
          <Button variant="ghost" onClick={() => void navigate('/app/onboarding')}>
            Back
          </Button>
          <LoadingButton type="submit" size="lg" disabled={!source} loading={complete.isPending}>
            Finish
          </LoadingButton>
        </div>
      </form>
    </OnboardingFrame>
  );
}
