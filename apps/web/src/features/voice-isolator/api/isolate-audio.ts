import { useMutation, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '@/lib/current-user';
import { requestRaw } from '@/lib/api-client';

import { isolationKeys } from './get-isolation-history';

export type Isolated = { audio: Blob; id: string | null; characters: number };

/** POST /v1/audio-isolation (multipart): the isolated voice as mp3. */
export async function isolateAudio(input: { audio: Blob; fileName: string }): Promise<Isolated> {
  const form = new FormData();
  form.append('audio', input.audio, input.fileName);
  const response = await requestRaw('/v1/audio-isolation', { method: 'POST', body: form });
  return {
    audio: await response.blob(),
    id: response.headers.get('history-item-id'),
    characters: Number(response.headers.get('x-character-count') ?? 0),
  };
}

export function useIsolateAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: isolateAudio,
    // An isolation spends characters (the credits meter) and adds a history item.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: isolationKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
