import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useAgent, useAgents } from '../api/agents';
import { getSignedUrl } from '../api/conversations';
import { startConversation, type ConversationEvent } from '../lib/conversation-client';
import { ConvaiTabs } from './convai-tabs';
import { card, MODE_TEXT } from './styles';

type Line = { role: 'user' | 'agent'; text: string };

/**
 * /app/conversational-ai/talk-to, the playground: talk to an agent through the microphone, or type (text only,
 * chosen or because there is no microphone), and see the live transcript.
 */
export function TalkToView() {
  const [params, setParams] = useSearchParams();
  const agents = useAgents();
  const agentId = params.get('agent_id') ?? agents.data?.agents[0]?.agent_id ?? null;
  const agent = useAgent(agentId);
  const [status, setStatus] = useState<'idle' | 'connecting' | 'connected' | 'ended'>('idle');
  const [speaking, setSpeaking] = useState(false);
  const [lines, setLines] = useState<Line[]>([]);
  const [text, setText] = useState('');
  const [textOnly, setTextOnly] = useState(false);
  const session = useRef<Awaited<ReturnType<typeof startConversation>> | null>(null);

  const onEvent = (e: ConversationEvent) => {
    if (e.kind === 'status') setStatus(e.status);
    else if (e.kind === 'message') setLines((l) => [...l, { role: e.role, text: e.text }]);
    else if (e.kind === 'mode') setSpeaking(e.speaking);
    else toast.error(e.message);
  };
  const start = async () => {
    if (!agentId) return;
    setLines([]);
    try {
      const { signed_url } = await getSignedUrl(agentId);
      session.current = await startConversation(signed_url, onEvent, { microphone: !textOnly }).catch(
        (error: unknown) => {
          // No microphone (none, or refused): the same conversation, typed (the socket was not opened yet).
          if (textOnly || !(error instanceof DOMException)) throw error;
          setTextOnly(true);
          toast.info('No microphone: type your messages.');
          return startConversation(signed_url, onEvent, { microphone: false });
        },
      );
    } catch (error) {
      setStatus('idle');
      toast.error(errorToastMessage(error));
    }
  };
  const live = status === 'connecting' || status === 'connected';

  return (
    <div className="mx-auto max-w-3xl space-y-6 p-6">
      <ConvaiTabs />
      <section className={card}>
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Agent" className="min-w-60 flex-1">
            {(id) => (
              <select
                id={id}
                className="block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
                value={agentId ?? ''}
                disabled={live}
                onChange={(e) => setParams({ agent_id: e.target.value })}
              >
                {agents.data?.agents.map((a) => (
                  <option key={a.agent_id} value={a.agent_id}>
                    {a.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {live ? (
            <Button variant="danger" onClick={() => session.current?.end()}>
              End conversation
            </Button>
          ) : (
            <Button disabled={!agentId} onClick={() => void start()}>
              Start conversation
            </Button>
          )}
        </div>
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={textOnly}
            disabled={live}
            onChange={(e) => setTextOnly(e.target.checked)}
          />
          Text only (no microphone)
        </label>
        {agent.data ? (
          <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="talk-mode">
            Mode: {MODE_TEXT[agent.data.mode]}
          </p>
        ) : null}
        <p className="mt-1 text-sm" role="status" data-testid="talk-status">
          {status === 'idle'
            ? textOnly
              ? 'Not connected. Type your messages once the conversation has started.'
              : 'Not connected. The page asks for your microphone when you start.'
            : status === 'connecting'
              ? 'Connecting…'
              : status === 'connected'
                ? speaking
                  ? 'Agent is speaking'
                  : textOnly
                    ? 'Your turn: type a message'
                    : 'Listening'
                : 'Conversation ended.'}
        </p>
      </section>
      <section className={card} aria-labelledby="transcript-heading">
        <h2 id="transcript-heading" className="text-base font-semibold">
          Transcript
        </h2>
        <ol className="mt-3 space-y-2" data-testid="live-transcript">
          {lines.map((l, i) => (
            <li
              key={i}
              className={l.role === 'agent' ? 'text-sm' : 'text-right text-sm text-sky-700 dark:text-sky-300'}
            >
              <span className="font-medium">{l.role === 'agent' ? 'Agent' : 'You'}:</span> {l.text}
            </li>
          ))}
        </ol>
        {status === 'connected' ? (
          <form
            className="mt-4 flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return;
              session.current?.sendText(text.trim());
              setText('');
            }}
          >
            <Input
              aria-label="Type a message"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Or type a message"
            />
            <Button type="submit" variant="secondary">
              Send
            </Button>
          </form>
        ) : null}
      </section>
    </div>
  );
}
