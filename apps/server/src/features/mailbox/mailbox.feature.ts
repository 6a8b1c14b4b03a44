import { registerSmsOutboxRoutes } from '../../sms/sms.routes';
import { defineFeature } from '../feature';
import { registerMailboxRoutes } from './mailbox.routes';

/** The dev outboxes: /dev/mailbox for MAIL_TRANSPORT=outbox and /dev/sms for SMS_TRANSPORT=outbox. */
export const devOutboxesFeature = defineFeature({
  name: 'devOutboxes',
  async register(app, { db, config }) {
    if (config.mail.transport === 'outbox') {
      registerMailboxRoutes(app, db, { allowRemote: config.mailboxAllowRemote });
    }
    if (config.sms.transport === 'outbox') {
      registerSmsOutboxRoutes(app, db, { allowRemote: config.mailboxAllowRemote });
    }
  },
});
