import { ONBOARDING_ROLES } from '@vocalis/domain/onboarding-survey';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';

import { ChoiceGroup, focusFirstChoice } from './choice-group';
import { MissingAnswer } from './missing-answer';
import { OnboardingFrame } from './onboarding-frame';
import { readSurveyDraft, saveSurveyDraft } from './survey-draft';

/** What the first step still needs, in the order of the form. */
function missingAnswer(firstName: string, role: string, subrole: string) {
  if (!role) return { message: 'Choose what best describes you to continue.', field: 'role' } as const;
  if (!ONBOARDING_ROLES[role]?.includes(subrole))
    return {
      message: 'Choose one of the options under “And more precisely?” to continue.',
      field: 'subrole',
    } as const;
  if (!firstName.trim())
    return { message: 'Enter your first name to continue.', field: 'firstName' } as const;
  return null;
}

/** /app/onboarding: first name, role and subrole; each answer is kept (survey-draft) for the next step. */
export function SurveyStepOne({ userId, suggestedName }: { userId: string; suggestedName: string }) {
  const navigate = useNavigate();
  const [draft] = useState(() => readSurveyDraft(userId));
  const [firstName, setFirstName] = useState(draft.first_name ?? suggestedName);
  const [role, setRole] = useState(draft.role ?? '');
  const [subrole, setSubrole] = useState(draft.subrole ?? '');
  const [refused, setRefused] = useState<string | null>(null);
  const hintId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const roleGroup = useRef<HTMLFieldSetElement>(null);
  const subroleGroup = useRef<HTMLFieldSetElement>(null);
  const missing = missingAnswer(firstName, role, subrole);

  const answer = (next: { first_name?: string; role?: string; subrole?: string }) => {
    if (next.first_name !== undefined) setFirstName(next.first_name);
    if (next.role !== undefined) setRole(next.role);
    if (next.subrole !== undefined) setSubrole(next.subrole);
    saveSurveyDraft(userId, next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (missing) {
      setRefused(missing.message);
      if (missing.field === 'firstName') nameInput.current?.focus();
      else focusFirstChoice((missing.field === 'role' ? roleGroup : subroleGroup).current);
      return;
    }
    saveSurveyDraft(userId, { first_name: firstName.trim(), role, subrole });
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
              ref={nameInput}
              autoFocus
              autoComplete="given-name"
              maxLength={100}
              value={firstName}
              onChange={(e) => answer({ first_name: e.target.value })}
            />
          )}
        </Field>
        <ChoiceGroup
          ref={roleGroup}
          legend="What best describes you?"
          variant="cards"
          options={Object.keys(ONBOARDING_ROLES)}
          value={role}
          onChange={(next) => answer({ role: next, subrole: '' })}
        />
        {role ? (
          <ChoiceGroup
            ref={subroleGroup}
            legend="And more precisely?"
            options={ONBOARDING_ROLES[role] ?? []}
            value={subrole}
            onChange={(next) => answer({ subrole: next })}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <MissingAnswer
            id={hintId}
            message={missing?.message ?? null}
            refused={refused !== null && refused === missing?.message}
            className="w-full sm:w-auto sm:flex-1 sm:text-right"
          />
          <Button type="submit" size="lg" aria-describedby={hintId} className="ml-auto sm:ml-0">
            Continue
          </Button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
