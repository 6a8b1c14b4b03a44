import { defineFeature } from '../feature';
import { recordAudit, type AuditRecord } from './audit';
import { registerAuditHooks } from './audit-hooks';
import { groupsRoutes } from './groups.routes';
import { GroupsService } from './groups.service';
import { invitesRoutes } from './invites.routes';
import { InvitesService } from './invites.service';
import { MembersService } from './members.service';
import { resourcesRoutes } from './resources.routes';
import { ResourcesService } from './resources.service';
import { securityRoutes } from './security.routes';
import { SecurityService } from './security.service';
import { workspaceRoutes } from './workspace.routes';

/**
 * Workspaces (issue 11, decisions 110–112): members and roles, invitations with seats, groups, switching between
 * workspaces, security settings and the audit log. `audit.record` is for any feature's administrative change.
 */
export const workspaceFeature = defineFeature({
  name: 'workspace',
  async register(app, { db, config, mailer }) {
    registerAuditHooks(app, db);
    const members = new MembersService(db);
    const invites = new InvitesService(db, config, mailer);
    const security = new SecurityService(db);
    await app.register(workspaceRoutes(members));
    await app.register(invitesRoutes(invites));
    await app.register(securityRoutes(security, db));
    await app.register(groupsRoutes(new GroupsService(db)));
    await app.register(resourcesRoutes(new ResourcesService(db)));
    return { members, invites, audit: { record: (entry: AuditRecord) => recordAudit(db, entry) } };
  },
});
