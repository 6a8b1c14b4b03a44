import type { ExtendedSubscription } from '@vocalis/contracts/billing';

export type VoiceLimits = {
  /** "N / limit custom voices" (limit "unlimited" on enterprise). */
  voicesText: string;
  /** "N / max voice adds and edits this month". */
  addEditsText: string;
  /** Why a new voice cannot be added now, or null when it can. */
  addBlockedReason: string | null;
  /** Why an edit that counts (new samples, rename) cannot be made now, or null. */
  editBlockedReason: string | null;
};

type Sub = Pick<
  ExtendedSubscription,
  | 'voice_slots_used'
  | 'voice_limit'
  | 'max_voice_add_edits'
  | 'voice_add_edit_counter'
  | 'can_use_instant_voice_cloning'
>;

/**
 * The plan's voice allowance as the voice lab shows it (billing.md §9 custom voices per plan;
 * content-and-workspace.md §3 "max voice add/edits = round(1.5 × voice_limit + 50)"), from
 * GET /v1/user/subscription. A negative limit or a null maximum is unlimited.
 */
export function voiceLimits(sub: Sub): VoiceLimits {
  const unlimited = sub.voice_limit < 0;
  const maxEdits = sub.max_voice_add_edits;
  const editsFull = maxEdits !== null && sub.voice_add_edit_counter >= maxEdits;
  const editBlockedReason = editsFull
    ? `You have used all ${maxEdits} voice additions and edits of this month. The count resets at the start of next month.`
    : null;
  let addBlockedReason: string | null = null;
  if (!sub.can_use_instant_voice_cloning)
    addBlockedReason = 'Your plan does not include instant voice cloning.';
  else if (!unlimited && sub.voice_slots_used >= sub.voice_limit)
    addBlockedReason = `You have reached your maximum amount of custom voices (${sub.voice_slots_used} / ${sub.voice_limit}). Upgrade your plan or delete a voice to add another.`;
  else addBlockedReason = editBlockedReason;
  return {
    voicesText: `${sub.voice_slots_used} / ${unlimited ? 'unlimited' : sub.voice_limit} custom voices`,
    addEditsText: `${sub.voice_add_edit_counter} / ${maxEdits ?? 'unlimited'} voice adds and edits this month`,
    addBlockedReason,
    editBlockedReason,
  };
}
