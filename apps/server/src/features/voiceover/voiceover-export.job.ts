/**
 * Exports a voiceover project (decision 223): the video's sound at its volume, every clip of every unmuted
 * track at its start with its trim and volume (times its track's), mixed and muxed with the picture into an
 * mp4. Progress over the live `dubbing` collection; a project changed meanwhile is mixed as it was read.
 */
import { mixTimeline, type MixClip } from '@vocalis/domain/voiceover/voiceover-rules';
import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { defineJob, type JobContext } from '../../jobs/job';
import { newId } from '../../lib/ids';
import { presentVoiceover } from './voiceover.presenter';
import { voiceoverExportJobSpec } from './voiceover-export.job-spec';
import { videoSound } from './voiceover-video';
import * as repo from './voiceover.repo';

const MIX_RATE = 44100;

class Gone extends Error {}

export const voiceoverExportJob = defineJob({
  ...voiceoverExportJobSpec,
  async perform({ projectId, version }, ctx: JobContext) {
    const row = await repo.findProjectById(ctx.db, projectId);
    if (!row || row.exportStatus !== 'exporting' || row.exportVersion !== version) return;
    const publish = (r: repo.VoiceoverRow) =>
      ctx.bus.publish({
        collection: 'dubbing',
        op: 'update',
        id: r.id,
        data: { kind: 'voiceover', ...presentVoiceover(r) },
        audience: { workspaceIds: [r.workspaceId] },
      });
    const step = async (changes: Parameters<typeof repo.updateExport>[3]) => {
      const r = await repo.updateExport(ctx.db, projectId, version, changes);
      if (!r) throw new Gone();
      publish(r);
      return r;
    };
    const outPath = `voiceover/${row.workspaceId}/${row.id}/export-${newId()}.mp4`;
    try {
      const video = await ctx.files.get(row.videoPath);
      if (!video) throw new Error('the video is gone from storage');
      const base = await videoSound(video, MIX_RATE);
      const playing = row.tracks
        .filter((t) => !t.muted && t.volume > 0)
        .flatMap((t) => t.clips.map((c) => ({ c, t })));
      const clips: MixClip[] = [];
      for (const [i, { c, t }] of playing.entries()) {
        const bytes = await ctx.files.get(c.audioPath);
        if (!bytes) throw new Error(`the audio of a clip is gone from storage`);
        clips.push({
          pcm: await decodeAudio(bytes, MIX_RATE),
          start: c.start,
          trimStart: c.trimStart,
          trimEnd: c.trimEnd,
          gain: c.volume * t.volume,
        });
        await step({ exportProgress: Math.round(5 + (70 * (i + 1)) / playing.length) });
      }
      const mix = mixTimeline({
        rate: MIX_RATE,
        seconds: row.durationSeconds,
        base,
        baseGain: row.videoVolume,
        clips,
      });
      await step({ exportProgress: 80 });
      const mp4 = await runFfmpeg(
        [
          '-i',
          'video.mp4',
          '-i',
          'mix.wav',
          '-map',
          '0:v:0',
          '-map',
          '1:a:0',
          '-c:v',
          'copy',
          '-c:a',
          'aac',
          '-b:a',
          '160k',
          '-movflags',
          '+faststart',
          'out.mp4',
        ],
        { 'video.mp4': video, 'mix.wav': encodeWav(mix, MIX_RATE) },
        'out.mp4',
      );
      await ctx.files.put(outPath, mp4);
      const done = await repo.updateExport(ctx.db, projectId, version, {
        exportStatus: 'exported',
        exportProgress: 100,
        exportPath: outPath,
      });
      if (!done) throw new Gone();
      if (row.exportPath && row.exportPath !== outPath)
        await ctx.files.delete(row.exportPath).catch(() => undefined);
      ctx.log.info({ projectId, clips: clips.length, seconds: row.durationSeconds }, 'voiceover exported');
      publish(done);
    } catch (err) {
      await ctx.files.delete(outPath).catch(() => undefined);
      if (err instanceof Gone) return;
      ctx.log.error({ err, projectId }, 'voiceover export failed');
      const failed = await repo.updateExport(ctx.db, projectId, version, {
        exportStatus: 'failed',
        exportError: 'The export could not be made.',
      });
      if (failed) publish(failed);
    }
  },
});
