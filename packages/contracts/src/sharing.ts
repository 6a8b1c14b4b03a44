import { DEFAULT_VIDEO_THEME, VIDEO_THEMES } from '@vocalis/domain/share-video';
import { z } from 'zod';

/** GET /v1/history/{id}/share-link (content-and-workspace.md §3 "Share-link response"). */
export const shareLinkResponse = z
  .object({ share_link: z.string(), public_user_name: z.string() })
  .meta({ id: 'ShareLinkResponse' });

/**
 * GET /v1/history/{id}/share-link/status: whether the item is published, without publishing it. POST
 * /v1/history/{id}/share-link publishes (answers ShareLinkResponse), DELETE turns the link off.
 */
export const shareLinkStatus = z
  .object({ published: z.boolean(), share_link: z.string().nullable(), public_user_name: z.string() })
  .meta({ id: 'ShareLinkStatus' });
export const shareLinkRevoked = z.object({ status: z.literal('ok') });

/** POST /v1/user/update-public-user-name; the rules are @vocalis/domain/sharing's. */
export const updatePublicUserNameBody = z.object({ public_user_name: z.string().max(1000) });
export const updatePublicUserNameResponse = z.object({
  status: z.literal('ok'),
  public_user_name: z.string(),
});

export const sharedItemParams = z.object({ share_id: z.string().min(1).max(64) });

/** GET /v1/shared/{share_id}: what the public share page shows, without signing in. */
export const sharedItem = z
  .object({
    share_id: z.string(),
    text: z.string(),
    voice_id: z.string().nullable(),
    voice_name: z.string().nullable(),
    model_id: z.string().nullable(),
    date_unix: z.number().int(),
    content_type: z.string(),
    public_user_name: z.string(),
    /** Path of the public audio (GET /v1/shared/{share_id}/audio). */
    audio_url: z.string(),
  })
  .meta({ id: 'SharedItem' });

/** Share as a video: theme colour (default), light (white) or dark (black). */
export const shareVideoQuery = z.object({ theme: z.enum(VIDEO_THEMES).default(DEFAULT_VIDEO_THEME) });
/** §3 "Video response": video_url (the mp4, GET with the same theme). */
export const shareVideoResponse = z.object({ video_url: z.string() }).meta({ id: 'ShareVideoResponse' });
export type ShareVideoResponse = z.infer<typeof shareVideoResponse>;

export type ShareLinkResponse = z.infer<typeof shareLinkResponse>;
export type SharedItem = z.infer<typeof sharedItem>;
export type ShareLinkStatus = z.infer<typeof shareLinkStatus>;
export type UpdatePublicUserNameResponse = z.infer<typeof updatePublicUserNameResponse>;
