import type {
  OnboardingChecklistUpdateBody,
  OnboardingSurveyCompleteBody,
} from '@vocalis/contracts/onboarding';
import type { User } from '@vocalis/contracts/user';
import {
  checklistItemForEvent,
  completeChecklistItem,
  initiateChecklist,
  isChecklistFinished,
  isChecklistItemId,
  type ChecklistEvent,
} from '@vocalis/domain/onboarding-checklist';
import { surveyProblem } from '@vocalis/domain/onboarding-survey';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import * as repo from './onboarding.repo';

/** What onboarding needs of the user feature: read a user and push it to their live clients. */
export type UserPublisher = { publish(userId: string): Promise<User> };

const NO_CHECKLIST = () =>
  notFound('The onboarding checklist has not been started.', 'onboarding_checklist_not_found');

/** The onboarding survey and checklist of accounts.md §3–§4. */
export class OnboardingService {
  constructor(
    private readonly db: AppDb,
    private readonly users: UserPublisher,
  ) {}

  /** POST /v1/user/onboarding-survey-complete: stores the answer and ends onboarding; the checklist starts. */
  async completeSurvey(userId: string, body: OnboardingSurveyCompleteBody): Promise<User> {
    const problem = surveyProblem(body);
    if (problem) throw badRequest(problem, 'invalid_onboarding_survey');
    if (!(await repo.saveSurvey(this.db, userId, body))) throw notFound('User not found.', 'user_not_found');
    await this.start(userId);
    return this.users.publish(userId);
  }

  /** POST /v1/user/onboarding-checklist/initiate: a fresh checklist, unless one exists (then unchanged). */
  async initiate(userId: string): Promise<User> {
    await this.start(userId);
    return this.users.publish(userId);
  }

  private async start(userId: string): Promise<void> {
    await repo.withLockedChecklist(this.db, userId, (row) =>
      row.checklist
        ? { result: undefined }
        : {
            result: undefined,
            patch: { onboardingChecklist: initiateChecklist(newId()), isOnboardingChecklistCompleted: false },
          },
    );
  }

  /** POST /v1/user/onboarding-checklist/update: completes the item (once; again is a no-op). */
  async update(userId: string, body: OnboardingChecklistUpdateBody): Promise<User> {
    if (!isChecklistItemId(body.item_id)) {
      throw badRequest(`Unknown onboarding checklist item '${body.item_id}'.`, 'invalid_item_id');
    }
    const found = await this.complete(userId, body.item_id);
    if (found === undefined) throw NO_CHECKLIST();
    return this.users.publish(userId);
  }

  /** POST /v1/user/onboarding-checklist/hide. */
  async hide(userId: string): Promise<User> {
    const found = await repo.withLockedChecklist(this.db, userId, (row) =>
      row.checklist
        ? { result: true, patch: { onboardingChecklist: { ...row.checklist, hidden: true } } }
        : { result: undefined },
    );
    if (!found) throw NO_CHECKLIST();
    return this.users.publish(userId);
  }

  /** POST /v1/user/onboarding-checklist/mark-complete: the checklist is done (is_onboarding_checklist_completed). */
  async markComplete(userId: string): Promise<User> {
    const found = await repo.withLockedChecklist(this.db, userId, () => ({
      result: true,
      patch: { isOnboardingChecklistCompleted: true },
    }));
    if (!found) throw notFound('User not found.', 'user_not_found');
    return this.users.publish(userId);
  }

  /**
   * A server event happened (a generation started, an API key revealed, …): its item completes if the
   * user has a checklist and the item is not completed yet. Returns whether anything changed.
   */
  async recordEvent(userId: string, event: ChecklistEvent): Promise<boolean> {
    const itemId = checklistItemForEvent(event);
    if (!itemId) return false;
    const changed = await this.complete(userId, itemId);
    if (changed) await this.users.publish(userId);
    return changed === true;
  }

  /** true when the item became completed, false when it already was, undefined without a checklist. */
  private complete(userId: string, itemId: string): Promise<boolean | undefined> {
    return repo
      .withLockedChecklist(this.db, userId, (row) => {
        if (!row.checklist) return { result: undefined };
        const { state, changed } = completeChecklistItem(row.checklist, itemId);
        if (!changed) return { result: false };
        return {
          result: true,
          patch: {
            onboardingChecklist: state,
            ...(isChecklistFinished(state) ? { isOnboardingChecklistCompleted: true } : {}),
          },
        };
      })
      .then((r) => r ?? undefined);
  }
}
