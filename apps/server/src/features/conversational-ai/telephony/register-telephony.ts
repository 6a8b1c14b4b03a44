/**
 * Phone numbers, calls over Twilio and SIP trunks, and batch calls (issue 14, decisions 225-229), mounted by
 * the conversational-AI feature over its agents and conversation starter; inbound SIP (decision 255) when
 * SIP_PORT is set.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { AppDb } from '../../../db/client';
import type { SecretBox } from '../../../lib/secret-box';
import type { EventBus } from '../../../live/event-bus';
import type { Principal } from '../../../plugins/auth';
import type { ConversationSigner } from '../conversation-access';
import type { ConversationStarter } from '../conversation-starter';
import { phoneNumbersRoutes } from '../phone-numbers.routes';
import { PhoneNumbersService } from '../phone-numbers.service';
import { batchCallsRoutes } from '../batch-calls.routes';
import { BatchCallsService } from '../batch-calls.service';
import { BatchCallEvents } from './batch-call-events';
import { BatchDispatcher } from './batch-dispatcher';
import { CallStatuses } from './call-status';
import { callStatusRoutes } from './call-status.routes';
import { CallTickets } from './call-ticket';
import { InboundCalls } from './inbound-calls';
import { OutboundCalls } from './outbound-calls';
import { outboundCallRoutes, twilioWebhookRoutes } from './phone-calls.routes';
import { SipListener } from './sip-listener';
import { ActiveCalls, SipTrunkProvider, TwilioProvider } from './telephony-provider';
import { dialTwiml, TwilioRest } from './twilio';
import * as phoneNumbersRepo from '../phone-numbers.repo';

export type TelephonyDeps = {
  config: Config;
  db: AppDb;
  box: SecretBox;
  workspaceOf: (caller: Principal) => Promise<{ id: string }>;
  starter: ConversationStarter;
  signer: ConversationSigner;
  bus: EventBus;
};

export async function registerTelephony(app: FastifyInstance, d: TelephonyDeps) {
  const phoneNumbers = new PhoneNumbersService(d.db, d.box, d.workspaceOf);
  await app.register(phoneNumbersRoutes(phoneNumbers));
  const tickets = new CallTickets(d.config.authSecret);
  const streamUrl = `${d.config.publicUrl.replace(/^http/, 'ws')}/v1/convai/twilio/media-stream`;
  const active = new ActiveCalls();
  const rest = new TwilioRest(d.config.twilioApiUrl);
  const calls = new OutboundCalls(
    d.db,
    phoneNumbers,
    {
      twilio: new TwilioProvider(rest, tickets, streamUrl, d.config.publicUrl),
      sip_trunk: new SipTrunkProvider(d.starter, d.signer, active),
    },
    d.workspaceOf,
  );
  await app.register(outboundCallRoutes(calls));
  await app.register(
    twilioWebhookRoutes({
      inbound: new InboundCalls(d.db, d.box, tickets, streamUrl),
      tickets,
      starter: d.starter,
      signer: d.signer,
      publicUrl: d.config.publicUrl,
      transfer: async (phoneNumberId, callSid, rule) => {
        const number = await phoneNumbersRepo.findPhoneNumberById(d.db, phoneNumberId);
        if (!number?.twilioAccountSid || !number.sealedTwilioToken)
          throw new Error('The Twilio number of the call is gone.');
        await rest.updateCall({
          accountSid: number.twilioAccountSid,
          authToken: d.box.open(number.sealedTwilioToken),
          callSid,
          twiml: dialTwiml(rule.destination, rule.kind),
        });
      },
    }),
  );
  const sip = d.config.sip
    ? new SipListener(d.config.sip, {
        db: d.db,
        box: d.box,
        starter: d.starter,
        signer: d.signer,
        active,
        secret: d.config.authSecret,
        log: app.log,
      })
    : null;
  const events = new BatchCallEvents(d.db, d.bus, app.log);
  const dispatcher = new BatchDispatcher(d.db, calls, app.log, (w, id) => events.changed(w, id));
  await app.register(
    callStatusRoutes(
      new CallStatuses(d.db, d.box, (w, id) => {
        dispatcher.wake();
        void events.changed(w, id);
      }),
      d.config.publicUrl,
    ),
  );
  const batches = new BatchCallsService(d.db, calls, d.workspaceOf, () => dispatcher.wake(), events);
  await app.register(batchCallsRoutes(batches));
  app.addHook('onReady', async () => {
    dispatcher.start();
    await sip?.start();
  });
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    await sip?.close();
    await Promise.all([...active.calls.keys()].map((id) => active.hangup(id)));
  });
  return { phoneNumbers, calls, active, batches, dispatcher, sip };
}
