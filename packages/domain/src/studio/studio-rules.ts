/**
 * Studio rules from the spec (content-and-workspace.md §3 and §5, billing.md §9): project defaults, the
 * plan's project limit, who may use the projects API, and the live-moderation refusal.
 */
import { studioProjectLimit, UNLIMITED } from '../billing/plans';
import { planIdOf } from '../billing/tiers';

/** §5 "Voices with live moderation are unavailable in Studio". */
export const LIVE_MODERATION_MESSAGE = 'Live moderation voices are not available in Studio';

/** §3 project defaults. */
export const PROJECT_DEFAULTS = {
  title: null,
  author: null,
  isbn_number: null,
  description: '',
  genres: [] as string[],
  cover_image_url: '',
  target_audience: 'all ages',
  mature_content: false,
  acx_volume_normalization: false,
  quality_preset: 'standard',
  state: 'default',
  added_to_queue_at_unix: 0,
  queue_position: null,
  project_settings: { continue_playing: false },
} as const;

export const TARGET_AUDIENCES = ['children', 'young adult', 'adult', 'all ages'] as const;
export const QUALITY_PRESETS = ['standard', 'high', 'ultra', 'ultra_lossless'] as const;

/**
 * `allowed_to_use_projects_api` (decision 130): every paid tier, trial and enterprise; the free tier uses
 * Studio in the app only (its xi-api-key is refused on the projects routes).
 */
export function mayUseProjectsApi(tier: string): boolean {
  return planIdOf(tier) !== 'free';
}

/** Whether one more project fits the tier's studio project limit (3, 20, 1,000, 3,000, 20,000, 20,000). */
export function mayCreateProject(tier: string, existing: number): boolean {
  const limit = studioProjectLimit(tier);
  return limit === UNLIMITED || existing < limit;
}

/** The refusal when the limit is reached. */
export function projectLimitMessage(tier: string): string {
  return `Your plan allows at most ${studioProjectLimit(tier).toLocaleString('en-US')} Studio projects. Delete a project or upgrade your plan to create another.`;
}
