import { describe, expect, it } from 'vitest';
import { LIVE_MODERATION_MESSAGE, mayCreateProject, mayUseProjectsApi, PROJECT_DEFAULTS, projectLimitMessage } from './studio-rules';

describe('studio rules', () => {
  it('quotes the live moderation refusal word for word', () => {
    expect(LIVE_MODERATION_MESSAGE).toBe('Live moderation voices are not available in Studio');
  });
  it.each([
    ['free', 3],
    ['starter', 20],
    ['creator', 1000],
    ['pro', 3000],
    ['growing_business', 20000],
    ['scale_2024_08_10', 20000],
  ])('the %s plan allows %i projects', (tier, limit) => {
    expect(mayCreateProject(tier, limit - 1)).toBe(true);
    expect(mayCreateProject(tier, limit)).toBe(false);
    expect(projectLimitMessage(tier)).toContain(limit.toLocaleString('en-US'));
  });
  it('has no project limit on enterprise', () => expect(mayCreateProject('enterprise', 1e6)).toBe(true));
  it('keeps the projects API from the free tier only', () => {
    expect(mayUseProjectsApi('free')).toBe(false);
    expect(mayUseProjectsApi('starter')).toBe(true);
    expect(mayUseProjectsApi('enterprise')).toBe(true);
  });
  it('has the spec defaults', () => {
    expect(PROJECT_DEFAULTS).toMatchObject({
      target_audience: 'all ages',
      quality_preset: 'standard',
      description: '',
      genres: [],
      cover_image_url: '',
      mature_content: false,
      acx_volume_normalization: false,
      project_settings: { continue_playing: false },
      state: 'default',
      added_to_queue_at_unix: 0,
      queue_position: null,
    });
  });
});
