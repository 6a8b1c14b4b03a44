import type {
  Location,
  RegisterGeolocationBody,
  TrainingOptOut,
  VisitorPrivacy,
} from '@vocalis/contracts/consent';
import type { User } from '@vocalis/contracts/user';
import { ccpaOptOutApplies, formatGeoLocation, initialAnalyticsConsent } from '@vocalis/domain/consent';
import type { AppDb } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { UserPublisher } from '../onboarding/onboarding.service';
import * as repo from './consent.repo';
import { lookupLocation } from './geolocation';

/** accounts.md §5: the privacy dialog's toggle is for admins only; the server says the same. */
export const ADMINS_ONLY = 'Only workspace admins can change this setting.';

/** Biometric terms, location and the workspace training opt-out (accounts.md §2, §5, §7). */
export class ConsentService {
  constructor(
    private readonly db: AppDb,
    private readonly users: UserPublisher,
  ) {}

  /** The geolocation lookup: region, country, city of the caller's address (all null when unknown). */
  async geolocation(ip: string): Promise<Location> {
    return (await lookupLocation(ip)) ?? { region: null, country: null, city: null };
  }

  /**
   * The privacy rules for a visitor who is not signed in (accounts.md §5): the CCPA opt-out applies in
   * the listed US states or with a Global Privacy Control signal; analytics wait for consent in the
   * listed European regions.
   */
  async visitorPrivacy(ip: string, gpc: boolean): Promise<VisitorPrivacy> {
    const location = await this.geolocation(ip);
    const geo = formatGeoLocation(location);
    return {
      location,
      geo_location: geo,
      gpc,
      ccpa_opt_out_applies: ccpaOptOutApplies({ geo_location: geo, gpc }),
      analytics_consent:
        initialAnalyticsConsent(location.country) === 'undecided' ? 'undecided' : 'not_applicable',
    };
  }

  /**
   * Registers the caller's location together with agrees_to_product_updates: the one given, else the
   * choice made on the sign-up form (kept with pre-sign-up until now, used once). An address without a
   * location (loopback, private) leaves a geo_location set earlier as it was.
   */
  async registerGeolocation(userId: string, ip: string, body: RegisterGeolocationBody): Promise<User> {
    const location = await lookupLocation(ip);
    // Taken even when the body has its own answer, so the older sign-up choice cannot come back later.
    const atSignUp = await repo.takeSignUpProductUpdates(this.db, userId);
    const agrees = body.agrees_to_product_updates ?? atSignUp;
    const saved = await repo.saveLocation(this.db, userId, {
      location,
      geoLocation: formatGeoLocation(location),
      agreesToProductUpdates: agrees,
    });
    if (!saved) throw notFound('User not found.', 'user_not_found');
    return this.users.publish(userId);
  }

  /** POST /v1/user/accept-bipa-terms. */
  async acceptBipaTerms(userId: string): Promise<User> {
    await repo.acceptBipaTerms(this.db, userId, new Date());
    return this.users.publish(userId);
  }

  /** The current workspace's training opt-out and whether the caller may change it. */
  async trainingOptOut(userId: string): Promise<TrainingOptOut> {
    const ws = await repo.currentWorkspace(this.db, userId);
    if (!ws) throw notFound('The user has no workspace.', 'workspace_not_found');
    return {
      workspace_id: ws.workspaceId,
      training_opt_out: ws.trainingOptOut,
      can_change: ws.role === 'admin',
    };
  }

  /** Changes the current workspace's training opt-out; workspace admins only. */
  async setTrainingOptOut(userId: string, value: boolean): Promise<TrainingOptOut> {
    const ws = await repo.currentWorkspace(this.db, userId);
    if (!ws) throw notFound('The user has no workspace.', 'workspace_not_found');
    if (ws.role !== 'admin') throw forbidden(ADMINS_ONLY, 'not_workspace_admin');
    await repo.setTrainingOptOut(this.db, ws.workspaceId, value);
    return { workspace_id: ws.workspaceId, training_opt_out: value, can_change: true };
  }
}
