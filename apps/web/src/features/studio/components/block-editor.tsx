import { useEffect, useMemo, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { useVoices } from '@/lib/voices';

import { useChapterMutations, type BlockDraft, type BlockKind, type ChapterWithContent } from '../api/chapters';
import type { ProjectWithChapters } from '../api/projects';
import { BlockTakes } from './block-takes';
import { ReadAlongText } from './read-along-text';
import { useReadAlong } from './use-read-along';

const KINDS: [BlockKind, string][] = [
  ['p', 'Paragraph'],
  ['h1', 'Title'],
  ['h2', 'Heading'],
  ['h3', 'Subheading'],
];

/** The blocks of a chapter: text, kind, and a voice chip per block (the project's default voice unless overridden). */
export function BlockEditor({ project, chapter }: { project: ProjectWithChapters; chapter: ChapterWithContent }) {
  const voices = useVoices();
  const m = useChapterMutations(project.project_id);
  const fromServer = (): BlockDraft[] =>
    chapter.content.blocks.map((b) => {
      const text = b.nodes.map((n) => n.text).join(b.nodes.length > 1 ? '' : ' ');
      // The block's chip is its narration's voice; quotations given to speakers keep theirs (decision 178).
      const voice_id = (b.nodes.find((n) => !/^["“]/.test(n.text.trim())) ?? b.nodes[0])?.project_voice_ref_id ?? project.default_paragraph_voice_id;
      const nodes = b.nodes.map((n) => ({ text: n.text, voice_id: n.project_voice_ref_id }));
      return { block_id: b.block_id, sub_type: b.sub_type, text, voice_id, kept: { text, voice_id, nodes } };
    });
  const [blocks, setBlocks] = useState<BlockDraft[]>(fromServer);
  const [dirty, setDirty] = useState(false);
  // Server changes (another editor, a conversion) replace the drafts unless there are unsaved edits.
  useEffect(() => {
    if (!dirty) setBlocks(fromServer());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter]);
  const edit = (i: number, patch: Partial<BlockDraft>) => {
    setDirty(true);
    setBlocks((bs) => bs.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  };
  const converted = new Map(chapter.content.blocks.map((b) => [b.block_id, b.converted]));
  const voiceName = (id: string) => voices.data?.find((v) => v.voice_id === id)?.name ?? id;
  const savedIds = useMemo(() => chapter.content.blocks.map((b) => b.block_id), [chapter]);
  const readAlong = useReadAlong(project.project_id, chapter.chapter_id, savedIds);
  const texts = useRef<(HTMLTextAreaElement | null)[]>([]);
  const [pause, setPause] = useState('1.0');
  const cursorOf = (i: number) => texts.current[i]?.selectionStart ?? blocks[i]!.text.length;
  const change = (f: (bs: BlockDraft[]) => BlockDraft[]) => {
    setDirty(true);
    setBlocks(f);
  };
  /** A pause is the `<break time="…s" />` tag at the cursor: spoken as silence of that length. */
  const insertPause = (i: number) => {
    const at = cursorOf(i);
    const t = blocks[i]!.text;
    edit(i, { text: `${t.slice(0, at).trimEnd()} <break time="${pause}s" /> ${t.slice(at).trimStart()}`.trim() });
  };
  const split = (i: number) => {
    const at = cursorOf(i);
    const b = blocks[i]!;
    const [left, right] = [b.text.slice(0, at).trim(), b.text.slice(at).trim()];
    if (!left || !right) return;
    change((bs) => [...bs.slice(0, i), { ...b, text: left, kept: undefined }, { sub_type: 'p', text: right, voice_id: b.voice_id }, ...bs.slice(i + 1)]);
  };
  const mergeWithNext = (i: number) =>
    change((bs) => [...bs.slice(0, i), { ...bs[i]!, text: `${bs[i]!.text.trim()} ${bs[i + 1]!.text.trim()}`, kept: undefined }, ...bs.slice(i + 2)]);
  const save = () => m.save.mutate({ chapterId: chapter.chapter_id, blocks: blocks.filter((b) => b.text.trim()) }, { onSuccess: () => setDirty(false) });

  return (
    <section aria-label="Blocks" className="space-y-3">
      {blocks.length === 0 && <p className="text-sm text-zinc-500">This chapter is empty. Add a paragraph to start.</p>}
      <ol className="space-y-2">
        {blocks.map((b, i) => (
          <li key={b.block_id ?? `new-${i}`} className="rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900/60">
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <select aria-label={`Kind of block ${i + 1}`} className="rounded-md border border-zinc-200 bg-transparent px-1.5 py-0.5 text-xs dark:border-zinc-700" value={b.sub_type} onChange={(e) => edit(i, { sub_type: e.target.value as BlockKind })}>
                {KINDS.map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
              <label className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
                <span aria-hidden>●</span>
                <select aria-label={`Voice of block ${i + 1}`} className="bg-transparent" value={b.voice_id} onChange={(e) => edit(i, { voice_id: e.target.value })}>
                  {!voices.data?.some((v) => v.voice_id === b.voice_id) && <option value={b.voice_id}>{voiceName(b.voice_id)}</option>}
                  {(voices.data ?? []).map((v) => (
                    <option key={v.voice_id} value={v.voice_id}>
                      {v.name}
                    </option>
                  ))}
                </select>
              </label>
              {b.kept && b.kept.text === b.text && new Set(b.kept.nodes.map((n) => n.voice_id)).size > 1 && (
                <span className="text-xs text-indigo-700 dark:text-indigo-300" data-testid={`dialogue-voices-${i + 1}`}>
                  dialogue: {[...new Set(b.kept.nodes.flatMap((n) => (n.voice_id && n.voice_id !== b.voice_id ? [voiceName(n.voice_id)] : [])))].join(', ')}
                </span>
              )}
              <span className="text-xs text-zinc-500">{b.block_id && converted.get(b.block_id) ? 'converted' : 'not converted'}</span>
              {b.block_id && converted.get(b.block_id) && (
                <Button size="sm" variant="ghost" aria-label={`Play from block ${i + 1}`} aria-pressed={readAlong.state?.blockId === b.block_id} onClick={() => void readAlong.playFrom(b.block_id!)}>
                  ▶ Play from here
                </Button>
              )}
              {b.block_id && readAlong.state?.blockId === b.block_id && (
                <Button size="sm" variant="ghost" aria-label="Stop playing" onClick={readAlong.stop}>
                  ■ Stop
                </Button>
              )}
              {b.block_id && b.text.trim() && (
                <BlockTakes projectId={project.project_id} chapterId={chapter.chapter_id} blockId={b.block_id} index={i} disabled={dirty} />
              )}
              <div className="ml-auto flex">
                <Button size="sm" variant="ghost" aria-label={`Insert pause in block ${i + 1}`} title="Insert a pause at the cursor" onClick={() => insertPause(i)}>
                  + Pause
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Split block ${i + 1} at the cursor`} title="Split at the cursor" onClick={() => split(i)}>
                  Split
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Merge block ${i + 1} with the next`} title="Merge with the next block" disabled={i === blocks.length - 1} onClick={() => mergeWithNext(i)}>
                  Merge ↓
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Move block ${i + 1} up`} disabled={i === 0} onClick={() => { setDirty(true); setBlocks((bs) => { const c = [...bs]; [c[i - 1], c[i]] = [c[i]!, c[i - 1]!]; return c; }); }}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Remove block ${i + 1}`} onClick={() => { setDirty(true); setBlocks((bs) => bs.filter((_, j) => j !== i)); }}>
                  ×
                </Button>
              </div>
            </div>
            {readAlong.state && readAlong.state.blockId === b.block_id && <ReadAlongText words={readAlong.state.words} current={readAlong.state.word} />}
            <textarea ref={(el) => void (texts.current[i] = el)} aria-label={`Text of block ${i + 1}`} rows={b.sub_type === 'p' ? 3 : 1} className={`${inputClasses} h-auto py-2 ${b.sub_type === 'p' ? '' : 'font-semibold'}`} value={b.text} onChange={(e) => edit(i, { text: e.target.value })} />
          </li>
        ))}
      </ol>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => { setDirty(true); setBlocks((bs) => [...bs, { sub_type: 'p', text: '', voice_id: project.default_paragraph_voice_id }]); }}>
          Add paragraph
        </Button>
        <label className="flex items-center gap-1 text-xs text-zinc-500">
          Pause length
          <select aria-label="Pause length" className="rounded-md border border-zinc-200 bg-transparent px-1 py-0.5 dark:border-zinc-700" value={pause} onChange={(e) => setPause(e.target.value)}>
            {['0.5', '1.0', '1.5', '2.0', '3.0'].map((s) => (
              <option key={s} value={s}>
                {s} s
              </option>
            ))}
          </select>
        </label>
        <LoadingButton loading={m.save.isPending} disabled={!dirty} onClick={save}>
          Save changes
        </LoadingButton>
        {dirty && <span className="self-center text-xs text-amber-600">Unsaved changes</span>}
      </div>
    </section>
  );
}
