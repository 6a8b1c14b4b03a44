import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import {
  getConversationAudio,
  useConversation,
  useConversations,
  useDeleteConversation,
} from '../api/conversations';
import { ConvaiTabs } from './convai-tabs';
import { card, MODE_TEXT } from './styles';

const when = (s: number) => new Date(s * 1000).toLocaleString();

/** /app/conversational-ai/history: past conversations, each with its transcript and recording. */
export function HistoryView() {
  const list = useConversations();
  const [open, setOpen] = useState<string | null>(null);
  const conversation = useConversation(open);
  const remove = useDeleteConversation();
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  useEffect(() => {
    setAudioUrl(null);
    if (!open || !conversation.data?.has_audio) return;
    let url: string | null = null;
    getConversationAudio(open)
      .then((b) => setAudioUrl((url = URL.createObjectURL(b))))
      .catch((e: unknown) => toast.error(errorToastMessage(e)));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [open, conversation.data?.has_audio]);

  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <ConvaiTabs />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.3fr]">
        <section className={card} aria-labelledby="calls-heading">
          <h2 id="calls-heading" className="text-base font-semibold">
            Conversations
          </h2>
          {list.data?.conversations.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-500">No conversations yet.</p>
          ) : null}
          <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.data?.conversations.map((c) => (
              <li key={c.conversation_id}>
                <button
                  className="w-full py-2 text-left text-sm hover:underline"
                  onClick={() => setOpen(c.conversation_id)}
                >
                  <span className="font-medium">{c.agent_name}</span> · {when(c.start_time_unix_secs)} ·{' '}
                  {c.call_duration_secs} s · {c.message_count} messages · {c.status}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className={card} aria-labelledby="call-heading">
          <h2 id="call-heading" className="text-base font-semibold">
            {conversation.data ? conversation.data.agent_name : 'Select a conversation'}
          </h2>
          {conversation.data ? (
            <>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                {conversation.data.metadata.call_duration_secs} s ·{' '}
                {MODE_TEXT[conversation.data.metadata.mode]} · {conversation.data.metadata.termination_reason}
              </p>
              {audioUrl ? (
                <audio className="mt-3 w-full" controls src={audioUrl} data-testid="call-audio" />
              ) : null}
              <ol className="mt-3 space-y-2" data-testid="call-transcript">
                {conversation.data.transcript.map((t, i) => (
                  <li key={i} className="text-sm">
                    <span className="text-zinc-500">{t.time_in_call_secs}s</span>{' '}
                    <span className="font-medium">{t.role === 'agent' ? 'Agent' : 'User'}:</span> {t.message}
                    {t.interrupted ? <span className="text-zinc-500"> (interrupted)</span> : null}
                    {t.retrieved_passages?.length ? (
                      <span className="block text-xs text-zinc-500">
                        Retrieved from: {t.retrieved_passages.map((p) => p.document_name).join(', ')}
                      </span>
                    ) : null}
                    {t.tool_calls?.length ? (
                      <span className="block text-xs text-zinc-500">
                        Tools: {t.tool_calls.map((c) => c.tool_name).join(', ')}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
              <Button
                className="mt-4"
                variant="danger"
                size="sm"
                onClick={() =>
                  remove.mutate(open!, {
                    onSuccess: () => setOpen(null),
                    onError: (e) => toast.error(errorToastMessage(e)),
                  })
                }
              >
                Delete conversation
              </Button>
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
