import { ONBOARDING_ROLES } from '@vocalis/domain/onboarding-survey';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';

import { ChoiceGroup } from './choice-group';
import { OnboardingFrame } from './onboarding-frame';
import { readSurveyDraft, writeSurveyDraft } from './survey-draft';

/** /app/onboarding: first name, role and subrole; kept for the next step. */
export function SurveyStepOne({ suggestedName }: { suggestedName: string }) {
  const navigate = useNavigate();
  const draft = readSurveyDraft();
  const [firstName, setFirstName] = useState(draft?.first_name ?? suggestedName);
  const [role, setRole] = useState(draft?.role ?? '');
  const [subrole, setSubrole] = useState(draft?.subrole ?? '');
  const subroles = ONBOARDING_ROLES[role] ?? [];
  const ready = firstName.trim() !== '' && role !== '' && subroles.includes(subrole);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    writeSurveyDraft({ first_name: firstName.trim(), role, subrole });
    void navigate('/app/onboarding/next');
  };

  return (
    <OnboardingFrame
      step={1}
      title="Welcome! Tell us about yourself"
      description="We use this to tailor your workspace."
    >
      <form onSubmit={onSubmit} className="space-y-6">
        <Field label="First name">
          {(id) => (
            <Input
              id={id}
              autoFocus
              autoComplete="given-name"
              maxLength={100}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
            />
          )}
        </Field>
        <ChoiceGroup
          legend="What best describes you?"
          variant="cards"
          options={Object.keys(ONBOARDING_ROLES)}
          value={role}
          onChange={(next) => {
            setRole(next);
            setSubrole('');
          }}
        />
        {role ? (
          <ChoiceGroup
            legend="And more precisely?"
            options={subroles}
            value={subrole}
            onChange={setSubrole}
          />
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={!ready}>
            Continue
          </Button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
