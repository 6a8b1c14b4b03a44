import type { AgentResponse } from '@vocalis/contracts/conversational-ai';
import { useEffect, useState } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';

import type { AgentEdit } from '../api/agents';
import { useDocuments } from '../api/knowledge-base';
import { textarea } from './styles';

const EMPTY: AgentEdit = {
  name: '',
  first_message: 'Hello! How can I help you today?',
  prompt: 'You are a friendly assistant. Keep answers short.',
  language: 'en',
  voice_id: '',
  knowledge_base: [],
};

type Cfg = {
  agent?: {
    first_message?: string;
    language?: string;
    prompt?: { prompt?: string; knowledge_base?: AgentEdit['knowledge_base'] };
  };
  tts?: { voice_id?: string };
};

export function editOf(agent: AgentResponse | undefined): AgentEdit {
  if (!agent) return EMPTY;
  const c = agent.conversation_config as Cfg;
  return {
    name: agent.name,
    first_message: c.agent?.first_message ?? '',
    prompt: c.agent?.prompt?.prompt ?? '',
    language: c.agent?.language ?? 'en',
    voice_id: c.tts?.voice_id ?? '',
    knowledge_base: c.agent?.prompt?.knowledge_base ?? [],
  };
}

/** The agent editor: name, first message, system prompt, language, voice and knowledge base. */
export function AgentEditor(props: {
  agent?: AgentResponse;
  saving: boolean;
  onSave(edit: AgentEdit): void;
}) {
  const [edit, setEdit] = useState<AgentEdit>(editOf(props.agent));
  useEffect(() => setEdit(editOf(props.agent)), [props.agent]);
  const documents = useDocuments();
  const set = <K extends keyof AgentEdit>(key: K, value: AgentEdit[K]) =>
    setEdit((e) => ({ ...e, [key]: value }));
  const attached = new Set(edit.knowledge_base.map((d) => d.id));
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave(edit);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Name" className="sm:col-span-2">
          {(id) => <Input id={id} value={edit.name} required onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field label="Language">
          {(id) => <Input id={id} value={edit.language} onChange={(e) => set('language', e.target.value)} />}
        </Field>
      </div>
      <Field label="First message" hint="Said when the conversation starts; {{variables}} are filled in.">
        {(id) => (
          <textarea
            id={id}
            rows={2}
            className={textarea}
            value={edit.first_message}
            onChange={(e) => set('first_message', e.target.value)}
          />
        )}
      </Field>
      <Field label="System prompt" hint="Sent to the language model when one is configured.">
        {(id) => (
          <textarea
            id={id}
            rows={4}
            className={textarea}
            value={edit.prompt}
            onChange={(e) => set('prompt', e.target.value)}
          />
        )}
      </Field>
      <Field label="Voice id" hint="Any voice of the workspace; empty for the default voice.">
        {(id) => <Input id={id} value={edit.voice_id} onChange={(e) => set('voice_id', e.target.value)} />}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Knowledge base</legend>
        {documents.data?.documents.length ? (
          <ul className="mt-2 space-y-1">
            {documents.data.documents.map((d) => (
              <li key={d.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={attached.has(d.id)}
                    onChange={(e) =>
                      set(
                        'knowledge_base',
                        e.target.checked
                          ? [...edit.knowledge_base, { id: d.id, name: d.name, type: d.type }]
                          : edit.knowledge_base.filter((k) => k.id !== d.id),
                      )
                    }
                  />
                  {d.name}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-zinc-500">No documents yet: add some on the Knowledge base page.</p>
        )}
      </fieldset>
      <LoadingButton type="submit" loading={props.saving}>
        {props.agent ? 'Save agent' : 'Create agent'}
      </LoadingButton>
    </form>
  );
}
