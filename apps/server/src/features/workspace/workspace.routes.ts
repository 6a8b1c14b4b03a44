import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailBody,
  seatStatus,
  statusOk,
  switchWorkspaceBody,
  updateMemberBody,
  workspaceList,
  workspaceMembers,
  workspaceOverview,
} from '@vocalis/contracts/workspace';
import { canInWorkspace } from '@vocalis/domain/workspace/workspace-permissions';
import { requirePrincipal } from '../../plugins/auth';
import { originOf } from './audit';
import type { MembersService } from './members.service';
import { workspaceCaller } from './workspace-access';

const tags = ['workspace'];
const ok = { status: 'ok' } as const;

/** The current workspace, switching between the caller's workspaces, members and their roles. */
export const workspaceRoutes =
  (members: MembersService): FastifyPluginAsyncZod =>
  async (app) => {
    const caller = (request: Parameters<typeof requirePrincipal>[0]) =>
      workspaceCaller(requirePrincipal(request));

    app.get(
      '/v1/workspace',
      {
        schema: {
          tags,
          summary: "The caller's current workspace, their role and its seats",
          response: { 200: workspaceOverview },
        },
      },
      (request) => members.overview(caller(request)),
    );

    app.get(
      '/v1/workspaces',
      {
        schema: { tags, summary: 'Every workspace the caller belongs to', response: { 200: workspaceList } },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        return { workspaces: await members.workspacesOf(principal.userId, principal.workspace?.id ?? null) };
      },
    );

    app.post(
      '/v1/workspace/switch',
      {
        schema: {
          tags,
          summary: 'Make another workspace of the caller their current one',
          body: switchWorkspaceBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await members.switchTo(requirePrincipal(request).userId, request.body.workspace_id);
        return ok;
      },
    );

    app.get(
      '/v1/workspace/seats',
      {
        schema: {
          tags,
          summary: 'Seats of the current workspace: limit, used, pending',
          response: { 200: seatStatus },
        },
      },
      (request) => members.seats(caller(request).workspaceId),
    );

    app.get(
      '/v1/workspace/is-admin',
      {
        schema: {
          tags,
          summary: 'Whether the caller administers the current workspace',
          response: { 200: z.boolean() },
        },
      },
      (request) => canInWorkspace(caller(request), 'administer'),
    );

    app.get(
      '/v1/workspace/can-access-workspace-settings',
      {
        schema: {
          tags,
          summary: 'Whether the caller may open the workspace settings (admins)',
          response: { 200: z.boolean() },
        },
      },
      (request) => canInWorkspace(caller(request), 'administer'),
    );

    app.get(
      '/v1/workspace/members',
      { schema: { tags, summary: 'Members of the current workspace', response: { 200: workspaceMembers } } },
      (request) => members.members(caller(request)),
    );

    app.post(
      '/v1/workspace/members',
      {
        schema: {
          tags,
          summary: "Change a member's role (seat type) or disable them (is_locked); admins only",
          body: updateMemberBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await members.update(caller(request), request.body, originOf(request));
        return ok;
      },
    );

    app.delete(
      '/v1/workspace/members',
      {
        schema: {
          tags,
          summary: 'Remove a member; their sessions and keys lose the workspace at once (admins only)',
          body: emailBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await members.remove(caller(request), request.body.email, originOf(request));
        return ok;
      },
    );

    app.post(
      '/v1/workspace/leave',
      {
        schema: { tags, summary: 'Leave the current workspace (not its owner)', response: { 200: statusOk } },
      },
      async (request) => {
        await members.leave(caller(request), originOf(request));
        return ok;
      },
    );

    app.post(
      '/v1/workspace/transfer-ownership',
      {
        schema: {
          tags,
          summary: 'Hand the workspace to another member (its owner only)',
          body: emailBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await members.transferOwnership(caller(request), request.body.email, originOf(request));
        return ok;
      },
    );
  };
