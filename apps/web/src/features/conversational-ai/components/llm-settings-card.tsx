import { useEffect, useState } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useLlmSettings, useSaveLlm } from '../api/agents';
import { card } from './styles';

/** The workspace's chat-completions server; without one, agents answer by retrieval or script. */
export function LlmSettingsCard() {
  const settings = useLlmSettings();
  const save = useSaveLlm();
  const [baseUrl, setBaseUrl] = useState('');
  const [model, setModel] = useState('');
  useEffect(() => {
    setBaseUrl(settings.data?.base_url ?? '');
    setModel(settings.data?.model ?? '');
  }, [settings.data]);
  const run = (body: { base_url: string; model: string } | null) =>
    save.mutate(body, {
      onSuccess: () => toast.success(body ? 'Language model saved.' : 'Language model removed.'),
      onError: (e) => toast.error(errorToastMessage(e)),
    });
  return (
    <section className={card} aria-labelledby="llm-heading">
      <h2 id="llm-heading" className="text-base font-semibold">
        Language model
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {settings.data?.configured
          ? `Agents answer with ${settings.data.model} at ${settings.data.base_url}.`
          : 'No language model is configured: agents speak their first message and answer from their knowledge base (read out as retrieved passages), or say that they cannot answer freely.'}
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <Field label="OpenAI-compatible API root">
          {(id) => (
            <Input
              id={id}
              value={baseUrl}
              placeholder="http://127.0.0.1:8080/v1"
              onChange={(e) => setBaseUrl(e.target.value)}
            />
          )}
        </Field>
        <Field label="Model">
          {(id) => <Input id={id} value={model} onChange={(e) => setModel(e.target.value)} />}
        </Field>
        <div className="flex gap-2">
          <LoadingButton
            loading={save.isPending}
            disabled={!baseUrl || !model}
            onClick={() => run({ base_url: baseUrl, model })}
          >
            Save
          </LoadingButton>
          {settings.data?.configured ? (
            <LoadingButton variant="secondary" loading={false} onClick={() => run(null)}>
              Remove
            </LoadingButton>
          ) : null}
        </div>
      </div>
    </section>
  );
}
