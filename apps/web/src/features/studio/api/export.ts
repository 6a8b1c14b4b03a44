import { requestRaw } from '@/lib/api-client';

export type ExportTarget = { projectId: string; chapterId?: string; format: 'mp3' | 'zip'; acx: boolean };

/** GET /v1/studio/projects/{id}/export or …/chapters/{id}/export: the file with its server-given name. */
export async function exportAudio(t: ExportTarget): Promise<{ blob: Blob; fileName: string }> {
  const base = `/v1/studio/projects/${encodeURIComponent(t.projectId)}`;
  const path = t.chapterId
    ? `${base}/chapters/${encodeURIComponent(t.chapterId)}/export?acx=${t.acx}`
    : `${base}/export?format=${t.format}&acx=${t.acx}`;
  const r = await requestRaw(path, { method: 'GET' });
  const name =
    /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? `export.${t.format}`;
  return { blob: await r.blob(), fileName: name };
}
