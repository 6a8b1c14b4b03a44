import { txtRecordName, txtRecordsProve } from '@vocalis/domain/workspace/sso-rules';
import { z } from 'zod';
import type { AppDb } from '../../db/client';
import { defineJob, type JobContext } from '../../jobs/job';
import { MessagesService } from '../messages/messages.service';
import { workspaceAdminIds } from '../webhooks/webhooks.repo';
import { recordAudit } from '../workspace/audit';
import { txtLookup, type TxtLookup } from './dns-txt';
import * as repo from './sso.repo';

/** Domains looked up per run; the least recently checked go first, so a large installation rotates. */
export const RECHECK_BATCH = 500;

/**
 * Every six hours (decision 266): re-resolves each verified domain's TXT record with the configured
 * resolver. A domain whose answer no longer proves the token becomes unverified, so find-sso-provider and
 * SSO sign-in stop routing it; the change is audited and the workspace's admins are notified (a security
 * notice: no opt-out). A lookup that fails (timeout, refused) proves nothing either way and changes nothing.
 */
export const domainRecheckJob = defineJob({
  name: 'sso.recheck-domains',
  payload: z.object({}),
  maxAttempts: 3,
  cron: '41 */6 * * *',
  async perform(_payload, ctx) {
    const outcome = await recheckDomains(ctx, txtLookup(ctx.config.dnsServers));
    if (outcome.unverified.length || outcome.failed) ctx.log.info(outcome, 'verified domains re-checked');
  },
});

export async function recheckDomains(
  ctx: Pick<JobContext, 'db' | 'bus' | 'log'>,
  txt: TxtLookup,
  now = new Date(),
) {
  const unverified: string[] = [];
  let failed = 0;
  for (const row of await repo.verifiedDomains(ctx.db, RECHECK_BATCH)) {
    let records: string[][];
    try {
      records = await txt(txtRecordName(row.domain));
    } catch (err) {
      failed++;
      ctx.log.warn({ err, domain: row.domain }, 'domain re-check lookup failed');
      continue;
    }
    if (txtRecordsProve(records, row.token)) {
      await repo.markDomainChecked(ctx.db, row.id, now);
      continue;
    }
    if (await withdraw(ctx.db, row, now)) {
      unverified.push(row.domain);
      await notifyAdmins(ctx, row);
    }
  }
  return { unverified, failed };
}

async function withdraw(db: AppDb, row: repo.DomainRow, now: Date): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as AppDb;
    if (!(await repo.markDomainUnverified(tx, row.id, now))) return false;
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      actor: { userId: null, email: null },
      activity: 'domain_unverified',
      className: 'workspace_sso',
      message: `Domain ${row.domain} is no longer verified: its TXT record ${txtRecordName(row.domain)} is gone.`,
      metadata: { domain: row.domain },
    });
    return true;
  });
}

async function notifyAdmins(ctx: Pick<JobContext, 'db' | 'bus'>, row: repo.DomainRow) {
  const admins = await workspaceAdminIds(ctx.db, row.workspaceId);
  if (!admins.length) return;
  await new MessagesService(ctx.db, ctx.bus).notify(admins, {
    severity: 'error',
    title: `Domain ${row.domain} is no longer verified`,
    description:
      `The TXT record ${txtRecordName(row.domain)} no longer holds this workspace's token, so single sign-on ` +
      'no longer applies to addresses of this domain. Publish the record again and verify the domain on the ' +
      'security page.',
    needsAttention: true,
  });
}
