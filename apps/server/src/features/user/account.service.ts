import { createHash, randomBytes, randomInt } from 'node:crypto';
import type {
  EditUserBody,
  GoogleAdsVisitBody,
  PostRegistrationBody,
  PreSignUpBody,
} from '@vocalis/contracts/user-account';
import type { User } from '@vocalis/contracts/user';
import type { AppDb } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import type { OnboardingService } from '../onboarding/onboarding.service';
import * as accountRepo from './account.repo';
import * as repo from './user.repo';

const ADJECTIVES = [
  'Bright',
  'Calm',
  'Clever',
  'Gentle',
  'Golden',
  'Happy',
  'Lively',
  'Lucky',
  'Mellow',
  'Quiet',
  'Swift',
  'Vivid',
  'Warm',
  'Wise',
];
const NOUNS = [
  'Otter',
  'Falcon',
  'Maple',
  'River',
  'Comet',
  'Willow',
  'Harbor',
  'Lark',
  'Meadow',
  'Cedar',
  'Echo',
  'Ember',
  'Robin',
  'Sparrow',
];

/** The account calls of accounts.md §7 beyond reading the user: edit, delete, names, alpha access, referral, attribution. */
export class AccountService {
  constructor(
    private readonly db: AppDb,
    private readonly users: { publish(userId: string): Promise<User> },
    private readonly onboarding: Pick<OnboardingService, 'recordEvent'>,
    private readonly publicUrl: string,
  ) {}

  /** POST /v1/user/edit: first name and the prompts already shown. */
  async edit(userId: string, body: EditUserBody): Promise<User> {
    const profile = await repo.findProfile(this.db, userId);
    if (!profile) throw notFound('User not found.', 'user_not_found');
    await repo.updateProfile(this.db, userId, {
      ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
      ...(body.prompts_shown ? { promptsShown: { ...profile.promptsShown, ...body.prompts_shown } } : {}),
    });
    return this.users.publish(userId);
  }

  /**
   * DELETE /v1/user/delete: the account and everything only it owns are removed (accounts.md §7). Only
   * the signed-in owner may do it, not an API key: a leaked key must not be able to erase an account.
   */
  async delete(principal: Principal): Promise<void> {
    if (principal.via !== 'session') {
      throw forbidden('Deleting the account needs a signed-in session, not an API key.', 'session_required');
    }
    const removed = await accountRepo.deleteAccount(this.db, principal.userId);
    if (!removed) throw notFound('User not found.', 'user_not_found');
    // Its files go with a job queued in the same transaction (storage/file-deletion.job.ts).
  }

  /** GET /v1/user/rand: a number in [0, 1) that stays the same for the user (experiment buckets). */
  rand(userId: string): { rand: number } {
    const digest = createHash('sha256').update(`rand:${userId}`).digest();
    return { rand: digest.readUIntBE(0, 6) / 2 ** 48 };
  }

  /** POST /v1/user/generate-name: a friendly public name suggestion (not stored). */
  generateName(): { name: string } {
    const pick = (list: string[]) => list[randomInt(list.length)]!;
    return { name: `${pick(ADJECTIVES)}${pick(NOUNS)}${randomInt(10, 10_000)}` };
  }

  /** GET /v1/user/has-alpha-access. */
  async alphaAccess(userId: string): Promise<{ has_alpha_access: boolean; requested: boolean }> {
    const row = await accountRepo.alphaAccess(this.db, userId);
    if (!row) throw notFound('User not found.', 'user_not_found');
    return { has_alpha_access: row.has, requested: row.requestedAt !== null };
  }

  /** POST /v1/user/request-alpha-access: recorded once; an operator grants it. */
  async requestAlphaAccess(userId: string): Promise<{ has_alpha_access: boolean; requested: boolean }> {
    await accountRepo.requestAlphaAccess(this.db, userId);
    return this.alphaAccess(userId);
  }

  /** GET /v1/user/referral-link: the user's link (created on first call; completes the affiliate step). */
  async referralLink(userId: string): Promise<{ referral_link: string }> {
    const code = await accountRepo.ensureReferralCode(this.db, userId, randomBytes(6).toString('base64url'));
    if (!code) throw notFound('User not found.', 'user_not_found');
    await this.onboarding.recordEvent(userId, 'affiliate_link_generated');
    const link = new URL('/sign-up', this.publicUrl);
    link.searchParams.set('via', code);
    return { referral_link: link.toString() };
  }

  async recordDeviceFingerprint(userId: string, fingerprint: string): Promise<void> {
    await accountRepo.recordDeviceFingerprint(this.db, userId, fingerprint);
  }

  /** POST /v1/user/pre-sign-up (no auth): kept by email until the account exists. */
  async preSignUp(body: PreSignUpBody): Promise<void> {
    await accountRepo.savePreSignUp(this.db, body.email.toLowerCase(), {
      pid: body.pid ?? null,
      xid: body.xid ?? null,
      invite_code: body.invite_code ?? null,
      gcp_marketplace_jwt: body.gcp_marketplace_jwt ?? null,
      account_metadata: body.account_metadata ?? null,
    });
  }

  /** POST /v1/user/post-registration-user-setup: referral and marketplace ids join the profile. */
  async postRegistration(userId: string, body: PostRegistrationBody): Promise<void> {
    if (!(await accountRepo.applyRegistration(this.db, userId, body)))
      throw notFound('User not found.', 'user_not_found');
  }

  /** POST /v1/google-ads-visit. */
  async googleAdsVisit(userId: string, body: GoogleAdsVisitBody): Promise<void> {
    const { email, event_type, gclid, ...utm } = body;
    await accountRepo.insertAdVisit(this.db, {
      id: newId(),
      userId,
      email: email?.toLowerCase() ?? null,
      eventType: event_type,
      gclid: gclid ?? null,
      utm: Object.fromEntries(Object.entries(utm).map(([k, v]) => [k, v ?? null])),
    });
  }
}
