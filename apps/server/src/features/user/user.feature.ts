import { defineFeature } from '../feature';
import { registerChecklistTriggers } from '../onboarding/checklist-triggers';
import { onboardingRoutes } from '../onboarding/onboarding.routes';
import { OnboardingService } from '../onboarding/onboarding.service';
import { consentRoutes } from '../consent/consent.routes';
import { ConsentService } from '../consent/consent.service';
import { accountRoutes } from './account.routes';
import { AccountActionsService } from './account-actions.service';
import { AccountService } from './account.service';
import { passwordRoutes } from './password.routes';
import { PasswordService } from './password.service';
import { userRoutes } from './user.routes';

/**
 * The user and their account: GET /v1/user and the account calls (edit, delete, names, alpha access, referral,
 * attribution, passwords), onboarding (survey, checklist and its server events) and consent (location, biometric
 * terms, training opt-out). Listed first: the checklist hook must see every later feature's routes.
 */
export const userFeature = defineFeature({
  name: 'user',
  async register(app, { db, config, users, auth, sensitiveActions }) {
    const onboarding = new OnboardingService(db, users);
    registerChecklistTriggers(app, onboarding);
    const accounts = new AccountService(db, users, onboarding, config.publicUrl);
    await app.register(onboardingRoutes(onboarding));
    await app.register(consentRoutes(new ConsentService(db, users)));
    // DELETE /v1/user/delete is a sensitive action (fresh sign-in or verified email access).
    await app.register(accountRoutes(accounts, sensitiveActions.require));
    await app.register(userRoutes(users, new AccountActionsService(auth, db, config)));
    // A first password for a social-only account, as a sensitive action.
    await app.register(passwordRoutes(new PasswordService(auth, db), sensitiveActions));
    return { onboarding };
  },
});
