import type { SharedItem } from '@vocalis/contracts/sharing';
import { DEFAULT_PUBLIC_USER_NAME } from '@vocalis/domain/sharing';
import type { SharedRow } from './sharing.repo';

/**
 * The public name a shared item shows: the one the user chose, else "Anonymous" (never a name or email
 * the user gave for other purposes).
 */
export const publicNameOf = (names: { publicUserName: string | null } | undefined): string =>
  names?.publicUserName || DEFAULT_PUBLIC_USER_NAME;

/** The share link a user copies: the public page of the item on this server. */
export const shareLink = (publicUrl: string, shareLinkId: string) =>
  `${publicUrl}/share/${encodeURIComponent(shareLinkId)}`;

/** What the public page may know of a shared item: no ids of the workspace, user or history item. */
export function presentSharedItem(row: SharedRow): SharedItem {
  return {
    share_id: row.shareLinkId,
    text: row.text,
    voice_id: row.voiceId,
    voice_name: row.voiceName,
    model_id: row.modelId,
    date_unix: Math.floor(row.createdAt.getTime() / 1000),
    content_type: row.contentType,
    public_user_name: publicNameOf(row),
    audio_url: `/v1/shared/${encodeURIComponent(row.shareLinkId)}/audio`,
  };
}
