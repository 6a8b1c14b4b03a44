import { defineFeature } from '../feature';
import { socialSignInRoutes } from './social-sign-in.routes';

/** The sign-in page's provider list and Apple's form-post callback (the flow itself is better-auth's). */
export const socialSignInFeature = defineFeature({
  name: 'socialSignIn',
  async register(app, { config }) {
    await app.register(socialSignInRoutes(config.social, config.appealUrl));
  },
});
