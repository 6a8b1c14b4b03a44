import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { LocalFileStorage } from '../../storage/local-files';
import { registerChecklistTriggers } from '../onboarding/checklist-triggers';
import { onboardingRoutes } from '../onboarding/onboarding.routes';
import { OnboardingService, type UserPublisher } from '../onboarding/onboarding.service';
import { consentRoutes } from '../consent/consent.routes';
import { ConsentService } from '../consent/consent.service';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';

/**
 * Onboarding (survey, checklist and its server events), consent (location, biometric terms, training
 * opt-out) and the account calls (edit, delete, names, alpha access, referral, attribution). Register it
 * before other features: the checklist hook must see their routes.
 */
export async function registerAccountFeatures(
  app: FastifyInstance,
  deps: {
    db: AppDb;
    config: Config;
    users: UserPublisher;
    /** The sensitive-action check (fresh sign-in or verified email access) for DELETE /v1/user/delete. */
    requireSensitiveAction: (request: FastifyRequest) => Promise<void>;
  },
) {
  const onboarding = new OnboardingService(deps.db, deps.users);
  registerChecklistTriggers(app, onboarding);
  const storage = new LocalFileStorage(deps.config.filesDir);
  const accounts = new AccountService(
    deps.db,
    deps.users,
    storage,
    onboarding,
    deps.config.publicUrl,
    app.log,
  );
  await app.register(onboardingRoutes(onboarding));
  await app.register(consentRoutes(new ConsentService(deps.db, deps.users)));
  await app.register(accountRoutes(accounts, deps.requireSensitiveAction));
  return { onboarding };
}
