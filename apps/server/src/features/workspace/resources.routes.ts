import {
  allMembersPermissionsBody,
  allMembersPermissionsResponse,
  resourceMetadata,
  resourceTypeQuery,
  shareResourceBody,
  transferResourceBody,
  unshareResourceBody,
} from '@vocalis/contracts/workspace-resources';
import { statusOk } from '@vocalis/contracts/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/auth';
import { originOf } from './audit';
import type { ResourcesService } from './resources.service';

const tags = ['workspace'];
const ok = { status: 'ok' } as const;
const params = z.object({ resource_id: z.string().min(1).max(100) });
const groupParams = z.object({ group_id: z.string().min(1).max(100) });

/** SDK workspace.resources.* (get, share, unshare), ownership transfer and the all-members permissions. */
export const resourcesRoutes =
  (resources: ResourcesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/workspace/resources/:resource_id',
      {
        schema: {
          tags,
          summary: "A resource's sharing: its creator, grants and who it can be shared with",
          params,
          querystring: resourceTypeQuery,
          response: { 200: resourceMetadata },
        },
      },
      (request) =>
        resources.get(requirePrincipal(request), request.query.resource_type, request.params.resource_id),
    );

    app.post(
      '/v1/workspace/resources/:resource_id/share',
      {
        schema: {
          tags,
          summary:
            'Grant a role on the resource to a member, group (default: every member) or service-account key',
          params,
          body: shareResourceBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await resources.share(
          requirePrincipal(request),
          request.params.resource_id,
          request.body,
          originOf(request),
        );
        return ok;
      },
    );

    app.post(
      '/v1/workspace/resources/:resource_id/unshare',
      {
        schema: {
          tags,
          summary: "Remove a grantee's role on the resource (default: make it private)",
          params,
          body: unshareResourceBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await resources.unshare(
          requirePrincipal(request),
          request.params.resource_id,
          request.body,
          originOf(request),
        );
        return ok;
      },
    );

    app.post(
      '/v1/workspace/resources/:resource_id/transfer-ownership',
      {
        schema: {
          tags,
          summary: 'Make another member the creator of the resource',
          params,
          body: transferResourceBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await resources.transferOwnership(
          requirePrincipal(request),
          request.params.resource_id,
          request.body.resource_type,
          request.body.user_email,
          originOf(request),
        );
        return ok;
      },
    );

    app.get(
      '/v1/workspace/all-members-permissions',
      {
        schema: {
          tags,
          summary: "What every member holds on the workspace's resources, by type",
          response: { 200: allMembersPermissionsResponse },
        },
      },
      async (request) => ({ all_members_permissions: await resources.allMembers(requirePrincipal(request)) }),
    );

    app.put(
      '/v1/workspace/all-members-permissions',
      {
        schema: {
          tags,
          summary: "Set what every member holds on the workspace's resources (admins only)",
          body: allMembersPermissionsBody,
          response: { 200: allMembersPermissionsResponse },
        },
      },
      async (request) => ({
        all_members_permissions: await resources.setAllMembers(
          requirePrincipal(request),
          request.body.all_members_permissions,
          originOf(request),
        ),
      }),
    );

    app.put(
      '/v1/workspace/groups/:group_id/all-members-permissions',
      {
        schema: {
          tags,
          summary: "Set what every member of the group holds on the workspace's resources (admins only)",
          params: groupParams,
          body: allMembersPermissionsBody,
          response: { 200: allMembersPermissionsResponse },
        },
      },
      async (request) => ({
        all_members_permissions: await resources.setGroupAllMembers(
          requirePrincipal(request),
          request.params.group_id,
          request.body.all_members_permissions,
          originOf(request),
        ),
      }),
    );
  };
