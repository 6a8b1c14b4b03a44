import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailBody,
  groupByName,
  groupNameBody,
  groupSearchQuery,
  statusOk,
  workspaceGroup,
  workspaceGroups,
} from '@vocalis/contracts/workspace';
import { requirePrincipal } from '../../plugins/auth';
import { originOf } from './audit';
import type { GroupsService } from './groups.service';
import { workspaceCaller } from './workspace-access';

const tags = ['workspace'];
const ok = { status: 'ok' } as const;
const groupParams = z.object({ group_id: z.string().min(1).max(100) });

/** SDK workspace.groups.* (list, search, members add/remove) plus create, rename and delete. */
export const groupsRoutes =
  (groups: GroupsService): FastifyPluginAsyncZod =>
  async (app) => {
    const caller = (request: Parameters<typeof requirePrincipal>[0]) =>
      workspaceCaller(requirePrincipal(request));

    app.get(
      '/v1/workspace/groups',
      { schema: { tags, summary: 'Groups of the workspace, by id', response: { 200: workspaceGroups } } },
      async (request) => Object.fromEntries((await groups.list(caller(request))).map((g) => [g.id, g])),
    );

    app.get(
      '/v1/workspace/groups/search',
      {
        schema: {
          tags,
          summary: 'Groups whose name contains the text',
          querystring: groupSearchQuery,
          response: { 200: z.array(groupByName) },
        },
      },
      async (request) =>
        (await groups.list(caller(request), request.query.name)).map((g) => ({
          id: g.id,
          name: g.name,
          members_emails: g.members,
        })),
    );

    app.post(
      '/v1/workspace/groups',
      {
        schema: {
          tags,
          summary: 'Create a group (admins only)',
          body: groupNameBody,
          response: { 200: workspaceGroup },
        },
      },
      (request) => groups.create(caller(request), request.body.name, originOf(request)),
    );

    app.patch(
      '/v1/workspace/groups/:group_id',
      {
        schema: {
          tags,
          summary: 'Rename a group (admins only)',
          params: groupParams,
          body: groupNameBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await groups.rename(caller(request), request.params.group_id, request.body.name, originOf(request));
        return ok;
      },
    );

    app.delete(
      '/v1/workspace/groups/:group_id',
      {
        schema: {
          tags,
          summary: 'Delete a group (admins only)',
          params: groupParams,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await groups.remove(caller(request), request.params.group_id, originOf(request));
        return ok;
      },
    );

    app.post(
      '/v1/workspace/groups/:group_id/members',
      {
        schema: {
          tags,
          summary: 'Add a member to a group (admins only)',
          params: groupParams,
          body: emailBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await groups.addMember(
          caller(request),
          request.params.group_id,
          request.body.email,
          originOf(request),
        );
        return ok;
      },
    );

    app.post(
      '/v1/workspace/groups/:group_id/members/remove',
      {
        schema: {
          tags,
          summary: 'Remove a member from a group (admins only)',
          params: groupParams,
          body: emailBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await groups.removeMember(
          caller(request),
          request.params.group_id,
          request.body.email,
          originOf(request),
        );
        return ok;
      },
    );
  };
