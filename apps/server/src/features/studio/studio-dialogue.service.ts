/**
 * Auto-assigns voices to quoted dialogue (decision 178): the pure rules of `dialogue-speakers` find each
 * quotation's speaker across the project's paragraphs in reading order, each speaker gets a distinct voice, and
 * the paragraph blocks are rewritten as nodes (narration with the default voice, quotations with the speaker's).
 */
import { assignSpeakerVoices, dialogueSegments } from '@vocalis/domain/studio/dialogue-speakers';
import type { AppDb } from '../../db/client';
import type { BlockNode } from '../../db/schema/studio';
import type { EventBus } from '../../live/event-bus';
import type { Principal } from '../../plugins/auth';
import type { VoicesService } from '../voices/voices.service';
import type { StudioAccess } from './studio-access';
import { orderedBlocks } from './studio.presenter';
import * as repo from './studio.repo';

const hasWords = (s: string) => /[\p{L}\p{N}]/u.test(s);

export class StudioDialogueService {
  constructor(
    private readonly db: AppDb,
    private readonly bus: EventBus,
    private readonly access: StudioAccess,
    private readonly voices: VoicesService,
  ) {}

  /** The voices speakers may get: those asked for (checked), else the workspace's usable voices. */
  private async pool(caller: Principal, asked: string[] | null | undefined): Promise<string[]> {
    if (asked?.length) {
      await this.access.checkVoices(caller, asked);
      return [...new Set(asked)];
    }
    const out: string[] = [];
    for (const v of (await this.voices.list(caller)).voices)
      if (!(await repo.isLiveModerated(this.db, v.voice_id))) out.push(v.voice_id);
    return out;
  }

  async assign(caller: Principal, projectId: string, body: { voice_ids?: string[] | null }) {
    const { ws, project } = await this.access.project(caller, projectId, 'edit');
    const voiceIds = await this.pool(caller, body.voice_ids);
    const chapters = await repo.listChapters(this.db, project.id);
    const byId = new Map(chapters.map((c) => [c.id, c]));
    const all = await repo.blocksOf(
      this.db,
      chapters.map((c) => c.id),
    );
    const paragraphs = project.chaptersOrder
      .flatMap((id) => (byId.get(id) ? orderedBlocks(byId.get(id)!, all) : []))
      .filter((b) => b.subType === 'p');
    const segments = dialogueSegments(paragraphs.map((b) => b.nodes.map((n) => n.text).join('')));
    const said = new Map<string, number>();
    let unattributed = 0;
    for (const s of segments.flat().filter((x) => x.quote)) {
      if (s.speaker) said.set(s.speaker, (said.get(s.speaker) ?? 0) + 1);
      else unattributed++;
    }
    const voiceOf = assignSpeakerVoices([...said.keys()], voiceIds, project.defaultParagraphVoiceId);
    const speakerVoices = new Set(voiceOf.values());
    const changed = new Set<string>();
    await this.db.transaction(async (tx) => {
      for (const [i, block] of paragraphs.entries()) {
        const nodes: BlockNode[] = [];
        // Narration keeps the block's own voice (an override stays an override).
        const narrator =
          block.nodes.length === 1
            ? block.nodes[0]!.voice_id
            : (block.nodes.find((n) => !speakerVoices.has(n.voice_id ?? ''))?.voice_id ?? null);
        for (const s of segments[i]!) {
          const voice = s.quote && s.speaker ? (voiceOf.get(s.speaker) ?? narrator) : narrator;
          const last = nodes.at(-1);
          // Punctuation between quotations and runs with the same voice join the node before them.
          if (last && (last.voice_id === voice || (!s.quote && !hasWords(s.text)))) last.text += s.text;
          else nodes.push({ text: s.text, voice_id: voice });
        }
        if (JSON.stringify(nodes) === JSON.stringify(block.nodes)) continue;
        await repo.updateBlock(tx, block.id, { nodes });
        changed.add(block.chapterId);
        changed.add(block.id);
      }
    });
    const audience = { workspaceIds: [ws.id] };
    for (const c of chapters.filter((x) => changed.has(x.id)))
      this.bus.publish({ collection: 'chapter', op: 'update', id: c.id, data: null, audience });
    return {
      speakers: [...said].map(([name, quotations]) => ({ name, voice_id: voiceOf.get(name)!, quotations })),
      unattributed_quotations: unattributed,
      blocks_changed: paragraphs.filter((b) => changed.has(b.id)).length,
    };
  }
}
