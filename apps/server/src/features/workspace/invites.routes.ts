import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedInvite,
  bulkInviteBody,
  emailBody,
  inviteBody,
  pendingInvites,
  receivedInvites,
  statusOk,
} from '@vocalis/contracts/workspace';
import { requirePrincipal, requireUser } from '../../plugins/auth';
import { originOf } from './audit';
import type { InvitesService } from './invites.service';
import { workspaceCaller } from './workspace-access';

const tags = ['workspace'];
const ok = { status: 'ok' } as const;
const codeParams = z.object({ code: z.string().min(1).max(200) });

/** Workspace invitations: the SDK's workspace.invites.* and the invitee's side. */
export const invitesRoutes =
  (invites: InvitesService): FastifyPluginAsyncZod =>
  async (app) => {
    const caller = (request: Parameters<typeof requirePrincipal>[0]) =>
      workspaceCaller(requirePrincipal(request));

    app.post(
      '/v1/workspace/invites/add',
      {
        schema: {
          tags,
          summary: 'Invite an address to the workspace (mailed link); admins only, one seat each',
          body: inviteBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        const { email, seat_type, group_ids } = request.body;
        await invites.invite(
          caller(request),
          { emails: [email], seatType: seat_type, groupIds: group_ids },
          originOf(request),
        );
        return ok;
      },
    );

    app.post(
      '/v1/workspace/invites/add-bulk',
      {
        schema: {
          tags,
          summary: 'Invite several addresses at once (all or none)',
          body: bulkInviteBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        const { emails, seat_type, group_ids } = request.body;
        await invites.invite(
          caller(request),
          { emails, seatType: seat_type, groupIds: group_ids },
          originOf(request),
        );
        return ok;
      },
    );

    app.get(
      '/v1/workspace/invites',
      {
        schema: {
          tags,
          summary: 'Pending invitations of the workspace (admins only)',
          response: { 200: pendingInvites },
        },
      },
      async (request) => ({ invites: await invites.pending(caller(request)) }),
    );

    app.delete(
      '/v1/workspace/invites',
      {
        schema: {
          tags,
          summary: "Revoke an address's pending invitation (admins only)",
          body: emailBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await invites.revoke(caller(request), request.body.email, originOf(request));
        return ok;
      },
    );

    app.get(
      '/v1/user/workspace-invites',
      {
        schema: {
          tags,
          summary: "Invitations sent to the caller's verified address",
          response: { 200: receivedInvites },
        },
      },
      async (request) => ({ invites: await invites.received(requireUser(request)) }),
    );

    app.post(
      '/v1/workspace/invites/:code/accept',
      {
        schema: {
          tags,
          summary: 'Accept an invitation (by the code of its link, or its id from your list)',
          params: codeParams,
          response: { 200: acceptedInvite },
        },
      },
      (request) => invites.accept(requireUser(request), request.params.code, originOf(request)),
    );

    app.post(
      '/v1/workspace/invites/:code/decline',
      {
        schema: {
          tags,
          summary: 'Decline an invitation (by the code of its link, or its id from your list)',
          params: codeParams,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await invites.decline(requireUser(request), request.params.code, originOf(request));
        return ok;
      },
    );
  };
