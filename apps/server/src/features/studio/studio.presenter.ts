import type { ProjectResponse } from '@vocalis/contracts/studio';
import type { BlockRow, ChapterRow, ProjectRow, SnapshotRow } from './studio.repo';

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const chars = (b: BlockRow) => b.nodes.reduce((n, x) => n + x.text.length, 0);

/** Whether a block's stored audio was made from what it says now (see conversion fingerprint). */
export type IsConverted = (b: BlockRow) => boolean;

export function presentProject(p: ProjectRow): ProjectResponse {
  return {
    project_id: p.id,
    name: p.name,
    create_date_unix: unix(p.createdAt)!,
    created_by_user_id: p.createdByUserId,
    default_title_voice_id: p.defaultTitleVoiceId,
    default_paragraph_voice_id: p.defaultParagraphVoiceId,
    default_title_voice_ref_id: p.defaultTitleVoiceId,
    default_paragraph_voice_ref_id: p.defaultParagraphVoiceId,
    default_model_id: p.defaultModelId,
    last_conversion_date_unix: unix(p.lastConversionAt),
    can_be_downloaded: p.latestSnapshotId !== null,
    chapters_order: p.chaptersOrder,
    last_chapters_order_change_unix_ms: p.chaptersOrderChangedMs,
    state: p.state as ProjectResponse['state'],
    project_conversion_chapter_ids_converting: p.convertingChapterIds,
    generation_meta: { conversion_progress: null },
    latest_snapshot_id: p.latestSnapshotId,
    project_settings: { continue_playing: p.continuePlaying },
    audio_native: null,
    title: p.title,
    author: p.author,
    isbn_number: p.isbnNumber,
    description: p.description,
    genres: p.genres,
    cover_image_url: p.coverImageUrl,
    target_audience: p.targetAudience as ProjectResponse['target_audience'],
    language: p.language,
    content_type: p.contentType,
    original_publication_date: p.originalPublicationDate,
    mature_content: p.matureContent,
    acx_volume_normalization: p.acxVolumeNormalization,
    volume_normalization: p.volumeNormalization,
    fiction: p.fiction,
    source_type: p.sourceType,
    pronunciation_dictionaries: p.pronunciationLocators,
    quality_preset: p.qualityPreset,
    added_to_queue_at_unix: p.addedToQueueAt ? unix(p.addedToQueueAt)! : 0,
    queue_position: p.state === 'in_queue' ? 1 : null,
    access_level: 'admin',
    quality_check_on: false,
    quality_check_on_when_bulk_convert: false,
  };
}

/** Blocks in the chapter's block_ids_order (blocks missing from it follow, which does not happen in practice). */
export function orderedBlocks(c: ChapterRow, blocks: BlockRow[]): BlockRow[] {
  const mine = blocks.filter((b) => b.chapterId === c.id);
  const pos = new Map(c.blockIdsOrder.map((id, i) => [id, i]));
  return mine.sort((a, b) => (pos.get(a.id) ?? 1e9) - (pos.get(b.id) ?? 1e9));
}

export function presentChapter(p: ProjectRow, c: ChapterRow, blocks: BlockRow[], converted: IsConverted) {
  const mine = orderedBlocks(c, blocks);
  const done = mine.filter(converted);
  const todo = mine.filter((b) => !converted(b));
  const voices = new Set<string>();
  for (const b of mine)
    for (const n of b.nodes)
      voices.add(n.voice_id ?? (b.subType === 'p' ? p.defaultParagraphVoiceId : p.defaultTitleVoiceId));
  return {
    chapter_id: c.id,
    name: c.name,
    last_conversion_date_unix: unix(c.lastConversionAt),
    conversion_progress: c.conversionProgress,
    can_be_downloaded: c.lastConversionAt !== null,
    state: c.state as 'default' | 'converting',
    block_ids_order: mine.map((b) => b.id),
    last_block_ids_order_change_unix_ms: c.blockOrderChangedMs,
    voice_ids: [...voices],
    statistics: {
      characters_unconverted: todo.reduce((n, b) => n + chars(b), 0),
      characters_converted: done.reduce((n, b) => n + chars(b), 0),
      paragraphs_converted: done.length,
      paragraphs_unconverted: todo.length,
    },
    last_conversion_error: c.lastConversionError,
  };
}

export function presentChapterWithContent(
  p: ProjectRow,
  c: ChapterRow,
  blocks: BlockRow[],
  converted: IsConverted,
) {
  return {
    ...presentChapter(p, c, blocks, converted),
    content: {
      blocks: orderedBlocks(c, blocks).map((b) => ({
        block_id: b.id,
        sub_type: b.subType as 'p' | 'h1' | 'h2' | 'h3',
        nodes: b.nodes.map((n) => {
          const voice = n.voice_id ?? (b.subType === 'p' ? p.defaultParagraphVoiceId : p.defaultTitleVoiceId);
          return {
            type: 'tts_node' as const,
            text: n.text,
            voice_id: n.voice_id,
            project_voice_ref_id: voice,
          };
        }),
        converted: converted(b),
        duration_seconds: converted(b) ? b.durationSeconds : null,
      })),
    },
  };
}

export function presentProjectSnapshot(s: SnapshotRow) {
  return {
    project_snapshot_id: s.id,
    project_id: s.projectId,
    created_at_unix: unix(s.createdAt)!,
    name: s.name,
    audio_duration_secs: s.durationSeconds,
  };
}

export function presentChapterSnapshot(s: SnapshotRow) {
  return {
    chapter_snapshot_id: s.id,
    project_id: s.projectId,
    chapter_id: s.chapterId!,
    created_at_unix: unix(s.createdAt)!,
    name: s.name,
    audio_duration_secs: s.durationSeconds,
  };
}
