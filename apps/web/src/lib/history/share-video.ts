import type { ShareVideoResponse } from '@vocalis/contracts/sharing';
import type { VideoTheme } from '@vocalis/domain/share-video';

import { api, requestRaw } from '@/lib/api-client';

const base = (id: string) => `/v1/history/${encodeURIComponent(id)}/video`;

/** GET /v1/history/{id}/video/preview?theme=: the PNG as a Blob. */
export async function fetchVideoPreview(id: string, theme: VideoTheme, signal?: AbortSignal) {
  return (await requestRaw(`${base(id)}/preview`, { params: { theme }, signal })).blob();
}

/** POST /v1/history/{id}/video?theme=, then the mp4 it names, as a Blob. */
export async function generateVideo(id: string, theme: VideoTheme, signal?: AbortSignal) {
  const { video_url } = await api.post<ShareVideoResponse>(`${base(id)}?theme=${theme}`, undefined, {
    signal,
  });
  return (await requestRaw(video_url, { signal })).blob();
}
