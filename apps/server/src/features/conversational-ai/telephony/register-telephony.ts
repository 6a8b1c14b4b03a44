/**
 * Phone numbers, calls over Twilio and SIP trunks, and batch calls (issue 14, decisions 225-229), mounted by
 * the conversational-AI feature over its agents and conversation starter.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { AppDb } from '../../../db/client';
import type { SecretBox } from '../../../lib/secret-box';
import type { Principal } from '../../../plugins/auth';
import { phoneNumbersRoutes } from '../phone-numbers.routes';
import { PhoneNumbersService } from '../phone-numbers.service';

export type TelephonyDeps = {
  config: Config;
  db: AppDb;
  box: SecretBox;
  workspaceOf: (caller: Principal) => Promise<{ id: string }>;
};

export async function registerTelephony(app: FastifyInstance, d: TelephonyDeps) {
  const phoneNumbers = new PhoneNumbersService(d.db, d.box, d.workspaceOf);
  await app.register(phoneNumbersRoutes(phoneNumbers));
  return { phoneNumbers };
}
