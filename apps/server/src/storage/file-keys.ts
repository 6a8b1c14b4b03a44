import { VIDEO_THEMES, type VideoTheme } from '@vocalis/domain/share-video';

/** Where each kind of file lives in file storage (local folder or bucket), in one place. */
export const historyAudioKey = (workspaceId: string, itemId: string, extension: string) =>
  `history/${workspaceId}/${itemId}.${extension}`;

export const shareVideoKey = (workspaceId: string, historyItemId: string, theme: VideoTheme) =>
  `share-videos/${workspaceId}/${historyItemId}-${theme}.mp4`;

/** Every file a history item may have: its audio and a share video per theme. */
export const historyItemKeys = (item: { workspaceId: string; id: string; audioPath: string }) => [
  item.audioPath,
  ...VIDEO_THEMES.map((theme) => shareVideoKey(item.workspaceId, item.id, theme)),
];
