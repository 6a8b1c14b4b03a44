import { defineFeature } from '../feature';
import { twoFactorRoutes } from './two-factor.routes';
import { TwoFactorService } from './two-factor.service';

/** Second factors: backup codes over better-auth's twoFactor plugin, the phone factor (decisions 009, 016, 024). */
export const twoFactorFeature = defineFeature({
  name: 'twoFactor',
  async register(app, { auth, db, phoneFactor, sensitiveActions }) {
    await app.register(twoFactorRoutes(new TwoFactorService(auth, db), phoneFactor, sensitiveActions));
  },
});
