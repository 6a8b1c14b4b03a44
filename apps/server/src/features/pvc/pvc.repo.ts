import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { voiceSamples, voices, type PvcState, type SampleSpeakers } from '../../db/schema/voices';
import { workspaces } from '../../db/schema/workspaces';

/** The workspace's tier, extra_pvc_slots and professional voices. */
export async function professionalCounts(
  db: AppDb,
  workspaceId: string,
): Promise<{ tier: string; extraPvcSlots: number; professionalVoices: number }> {
  const [w] = await db
    .select({ tier: workspaces.subscriptionTier, extra: workspaces.extraPvcSlots })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const [v] = await db
    .select({ n: count() })
    .from(voices)
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.category, 'professional')));
  return { tier: w?.tier ?? 'free', extraPvcSlots: w?.extra ?? 0, professionalVoices: v?.n ?? 0 };
}

/** Replaces a professional voice's training/verification state (only on a professional voice of the workspace). */
export async function setPvcState(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
  pvc: PvcState,
): Promise<void> {
  await db
    .update(voices)
    .set({ pvc, updatedAt: sql`now()` })
    .where(
      and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId), eq(voices.category, 'professional')),
    );
}

/** Marks a professional voice verified and stores its state in one update. */
export async function setVerified(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
  pvc: PvcState,
): Promise<void> {
  await db
    .update(voices)
    .set({ pvc, isVerified: true, updatedAt: sql`now()` })
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId)));
}

/** The voice's metadata as PVC edit changes it. */
export async function updatePvcVoice(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
  set: Partial<{
    name: string;
    language: string;
    description: string | null;
    labels: Record<string, string>;
  }>,
): Promise<void> {
  await db
    .update(voices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId)));
}

export async function setSampleSpeakers(
  db: AppDb,
  workspaceId: string,
  sampleId: string,
  speakers: SampleSpeakers,
): Promise<void> {
  await db
    .update(voiceSamples)
    .set({ speakers })
    .where(and(eq(voiceSamples.workspaceId, workspaceId), eq(voiceSamples.id, sampleId)));
}

export async function renameSample(
  db: AppDb,
  workspaceId: string,
  sampleId: string,
  fileName: string,
): Promise<void> {
  await db
    .update(voiceSamples)
    .set({ fileName })
    .where(and(eq(voiceSamples.workspaceId, workspaceId), eq(voiceSamples.id, sampleId)));
}

/** A sample's new processed audio after trimming or noise removal; its speaker separation is cleared. */
export async function setSampleAudio(
  db: AppDb,
  workspaceId: string,
  sampleId: string,
  audio: {
    processedPath: string;
    durationSeconds: number;
    removeBackgroundNoise: boolean;
    trimStartMs: number | null;
    trimEndMs: number | null;
  },
): Promise<void> {
  await db
    .update(voiceSamples)
    .set({ ...audio, speakers: null })
    .where(and(eq(voiceSamples.workspaceId, workspaceId), eq(voiceSamples.id, sampleId)));
}

/** The finished training: the fitted profile, the description when the user gave none, the new state. */
export async function finishTraining(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
  set: { profile: typeof voices.$inferInsert.profile; description?: string; pvc: PvcState },
): Promise<void> {
  await db
    .update(voices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId)));
}
