import { ONBOARDING_SOURCES } from '@vocalis/domain/onboarding-survey';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { showErrorToast } from '@/lib/error-toast';

import { useCompleteSurvey } from '../api/complete-survey';

import { ChoiceGroup, focusFirstChoice } from './choice-group';
import { MissingAnswer } from './missing-answer';
import { OnboardingFrame } from './onboarding-frame';
import { clearSurveyDraft, firstStepAnswers, readSurveyDraft, saveSurveyDraft } from './survey-draft';

const SOURCE_MISSING = 'Choose how you heard about us to finish.';

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** /app/onboarding/next: time zone and how the user found us (kept like step one's); sends the whole survey. */
export function SurveyStepTwo({ userId, afterComplete }: { userId: string; afterComplete: string }) {
  const navigate = useNavigate();
  // Read once: the draft is cleared on success, and the page must not bounce back to step one meanwhile.
  const [draft] = useState(() => readSurveyDraft(userId));
  const firstStep = firstStepAnswers(draft);
  const detected = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const [timezone, setTimezone] = useState(draft.timezone ?? detected);
  const zones = useMemo(() => timeZones(timezone), [timezone]);
  const [source, setSource] = useState(draft.source ?? '');
  const [refused, setRefused] = useState(false);
  const hintId = useId();
  const sourceGroup = useRef<HTMLFieldSetElement>(null);
  const complete = useCompleteSurvey();

  if (!firstStep) return <Navigate to="/app/onboarding" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!source) {
      setRefused(true);
      focusFirstChoice(sourceGroup.current);
      return;
    }
    complete.mutate(
      { ...firstStep, timezone, source },
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
              onChange={(e) => {
                setTimezone(e.target.value);
                saveSurveyDraft(userId, { timezone: e.target.value });
              }}
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
          ref={sourceGroup}
          legend="How did you hear about us?"
          options={ONBOARDING_SOURCES}
          value={source}
          onChange={(next) => {
            setSource(next);
            saveSurveyDraft(userId, { source: next });
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="ghost" onClick={() => void navigate('/app/onboarding')}>
            Back
          </Button>
          <MissingAnswer
            id={hintId}
            message={source ? null : SOURCE_MISSING}
            refused={refused}
            className="order-first w-full sm:order-none sm:w-auto sm:flex-1 sm:text-right"
          />
          <LoadingButton
            type="submit"
            size="lg"
            aria-describedby={hintId}
            loading={complete.isPending}
            className="ml-auto sm:ml-0"
          >
            Finish
          </LoadingButton>
        </div>
      </form>
    </OnboardingFrame>
  );
}
