import { defineFeature } from '../feature';
import { accountVerificationRoutes } from './account-verification.routes';
import { emailChangeRoutes } from './email-change.routes';
import { EmailChangeService } from './email-change.service';
import { InternalVerificationService } from './internal-verification.service';
import { supportAccessRoutes } from './support-access.routes';
import { SupportAccessService } from './support-access.service';

/**
 * Single-use mailed codes: email change and its revert link (decision 019), internal verification and email
 * access for sensitive actions (decision 022), support-access grants.
 */
export const accountCodesFeature = defineFeature({
  name: 'accountCodes',
  async register(app, { db, config, mailer, sensitiveActions, sessions }) {
    await app.register(
      emailChangeRoutes(new EmailChangeService(db, config, mailer), sensitiveActions, sessions),
    );
    await app.register(
      accountVerificationRoutes(new InternalVerificationService(db, config.authSecret), sensitiveActions),
    );
    await app.register(supportAccessRoutes(new SupportAccessService(db, config, mailer)));
  },
});
