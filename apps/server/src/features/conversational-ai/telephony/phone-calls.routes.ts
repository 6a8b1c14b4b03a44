import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outboundCallBody,
  sipOutboundResponse,
  twilioOutboundResponse,
} from '@vocalis/contracts/conversational-ai-phone-numbers';
import { AppError } from '../../../errors';
import { requirePrincipal } from '../../../plugins/auth';
import type { ConversationSigner } from '../conversation-access';
import type { ConversationStarter } from '../conversation-starter';
import type { NumberTransferRule } from '../number-transfer';
import type { InboundCalls } from './inbound-calls';
import type { OutboundCalls } from './outbound-calls';
import { CallBridge } from './call-bridge';
import type { CallTickets } from './call-ticket';

const tags = ['conversational-ai'];

/** conversationalAi.twilio.outboundCall and .sipTrunk.outboundCall (decisions 226-227). */
export const outboundCallRoutes =
  (calls: OutboundCalls): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/convai/twilio/outbound-call',
      {
        schema: {
          tags,
          summary: 'Call a number from a Twilio number with an agent',
          body: outboundCallBody,
          response: { 200: twilioOutboundResponse },
        },
      },
      async (request) => {
        const r = await calls.call(requirePrincipal(request), 'twilio', request.body);
        return {
          success: true,
          message: 'Twilio is placing the call; the conversation starts when it is answered.',
          conversation_id: r.conversationId,
          callSid: r.providerCallId,
        };
      },
    );
    app.post(
      '/v1/convai/sip-trunk/outbound-call',
      {
        schema: {
          tags,
          summary: 'Call a number through a SIP trunk with an agent (answers once the call is answered)',
          body: outboundCallBody,
          response: { 200: sipOutboundResponse },
        },
      },
      async (request) => {
        const r = await calls.call(requirePrincipal(request), 'sip_trunk', request.body);
        return {
          success: true,
          message: 'The call was answered and the agent is talking.',
          conversation_id: r.conversationId,
          sip_call_id: r.providerCallId,
        };
      },
    );
  };

type MediaMessage = {
  event?: string;
  streamSid?: string;
  start?: { streamSid?: string; callSid?: string; customParameters?: Record<string, string> };
  media?: { payload?: string };
};

/**
 * What Twilio calls: the voice webhook (TwiML) and the Media Streams WebSocket (JSON messages with base64
 * µ-law at 8 kHz: connected, start, media, stop; we answer media and clear). Public: Twilio signs the webhook
 * and the socket needs the ticket the TwiML carried.
 */
export const twilioWebhookRoutes =
  (d: {
    inbound: InboundCalls;
    tickets: CallTickets;
    starter: ConversationStarter;
    signer: ConversationSigner;
    publicUrl: string;
    /** Gives the live Twilio call <Dial> TwiML (transfer_to_number, decision 256). */
    transfer(phoneNumberId: string, callSid: string, rule: NumberTransferRule): Promise<void>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    app.post(
      '/v1/convai/twilio/inbound-call',
      { config: { public: true, rateLimit: false }, schema: { hide: true } },
      async (request, reply) => {
        const params =
          request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {};
        const signature = request.headers['x-twilio-signature'];
        const twiml = await d.inbound.twiml(
          `${d.publicUrl}${request.url}`,
          params,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.type('text/xml').send(twiml);
      },
    );
    app.route({
      method: 'GET',
      url: '/v1/convai/twilio/media-stream',
      config: { public: true, rateLimit: false },
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply.code(426).send({
          detail: { status: 'upgrade_required', message: 'The Media Streams endpoint is a WebSocket.' },
        }),
      wsHandler: (socket, request) => {
        let bridge: CallBridge | null = null;
        let streamSid = '';
        const send = (m: object) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(m));
        socket.on('message', (data: Buffer) => {
          let m: MediaMessage;
          try {
            m = JSON.parse(data.toString()) as MediaMessage;
          } catch {
            return;
          }
          if (m.event === 'start' && !bridge) {
            streamSid = m.start?.streamSid ?? m.streamSid ?? '';
            const call = d.tickets.open(m.start?.customParameters?.ticket ?? '');
            if (!call) return socket.close(1008, 'The call ticket is invalid or has expired.');
            const phoneCall: Record<string, unknown> = {
              ...call.phoneCall,
              stream_sid: streamSid,
              call_sid: m.start?.callSid ?? call.phoneCall.call_sid ?? '',
            };
            const opened = new CallBridge({
              play: (mulaw) =>
                send({
                  event: 'media',
                  streamSid,
                  media: { payload: Buffer.from(mulaw).toString('base64') },
                }),
              clear: () => send({ event: 'clear', streamSid }),
              hangup: () => socket.close(1000, 'The conversation ended.'),
              transfer: (rule) =>
                d.transfer(String(phoneCall.phone_number_id ?? ''), String(phoneCall.call_sid), rule),
            });
            bridge = opened;
            opened.open(d.starter, d.signer, { ...call, phoneCall }).catch((err: unknown) => {
              if (!(err instanceof AppError))
                request.log.error({ err }, 'phone conversation failed to start');
              socket.close(
                1008,
                (err instanceof AppError ? err.message : 'The call could not start.').slice(0, 120),
              );
            });
          } else if (m.event === 'media' && m.media?.payload) {
            bridge?.hear(Buffer.from(m.media.payload, 'base64'));
          } else if (m.event === 'stop') {
            void bridge?.end('The caller hung up.');
          }
        });
        socket.on('close', () => void bridge?.end('The caller hung up.'));
      },
    });
  };
