import type { AgentResponse } from '@vocalis/contracts/conversational-ai';
import clsx from 'clsx';
import { useEffect, useState, type ReactNode } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';

import type { AgentEdit } from '../api/agents';
import { useDocuments } from '../api/knowledge-base';
import { editOf } from '../lib/agent-edit';
import { AgentAdvancedTab } from './agent-advanced-tab';
import { AgentAnalysisTab } from './agent-analysis-tab';
import { AgentToolsTab } from './agent-tools-tab';
import { AgentWidgetTab } from './agent-widget-tab';
import { textarea } from './styles';

const TABS = ['Agent', 'Voice', 'Knowledge', 'Tools', 'Analysis', 'Security', 'Advanced', 'Widget'] as const;
type Tab = (typeof TABS)[number];

/**
 * The agent editor, in tabs (decisions 231, 250): Agent (name, language, first message, system prompt), Voice,
 * Knowledge (attached documents), Tools (workspace and system tools), Analysis (evaluation criteria, data
 * collection), Security (allowed sites), Advanced (turn and call limits, interruptions, recording), Widget (look
 * and texts with a live preview). One form: Save sends every tab.
 */
export function AgentEditor(props: {
  agent?: AgentResponse;
  saving: boolean;
  onSave(edit: AgentEdit): void;
}) {
  const [edit, setEdit] = useState<AgentEdit>(editOf(props.agent));
  const [tab, setTab] = useState<Tab>('Agent');
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
      <div role="tablist" aria-label="Agent settings" className="flex flex-wrap gap-1">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`agent-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`agent-panel-${t}`}
            onClick={() => setTab(t)}
            className={clsx(
              'rounded-lg px-3 py-1.5 text-sm',
              tab === t
                ? 'bg-zinc-900 font-medium text-white dark:bg-zinc-100 dark:text-zinc-900'
                : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800',
            )}
          >
            {t}
          </button>
        ))}
      </div>
      <Panel tab="Agent" current={tab}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Name" className="sm:col-span-2">
            {(id) => (
              <Input id={id} value={edit.name} required onChange={(e) => set('name', e.target.value)} />
            )}
          </Field>
          <Field label="Language">
            {(id) => (
              <Input id={id} value={edit.language} onChange={(e) => set('language', e.target.value)} />
            )}
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
      </Panel>
      <Panel tab="Voice" current={tab}>
        <Field label="Voice id" hint="Any voice of the workspace; empty for the default voice.">
          {(id) => <Input id={id} value={edit.voice_id} onChange={(e) => set('voice_id', e.target.value)} />}
        </Field>
      </Panel>
      <Panel tab="Knowledge" current={tab}>
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
            <p className="mt-1 text-sm text-zinc-500">
              No documents yet: add some on the Knowledge base page.
            </p>
          )}
        </fieldset>
      </Panel>
      <Panel tab="Tools" current={tab}>
        <AgentToolsTab
          agentId={props.agent?.agent_id}
          value={edit.behaviour}
          onChange={(b) => set('behaviour', b)}
        />
      </Panel>
      <Panel tab="Analysis" current={tab}>
        <AgentAnalysisTab value={edit.behaviour} onChange={(b) => set('behaviour', b)} />
      </Panel>
      <Panel tab="Security" current={tab}>
        <Field
          label="Allowed sites"
          hint="One host (or host:port) per line. Pages of other sites cannot talk to the agent or show its widget. Empty: any site."
        >
          {(id) => (
            <textarea
              id={id}
              rows={3}
              className={textarea}
              value={edit.allowlist}
              placeholder="shop.example.com"
              onChange={(e) => set('allowlist', e.target.value)}
            />
          )}
        </Field>
      </Panel>
      <Panel tab="Advanced" current={tab}>
        <AgentAdvancedTab value={edit.behaviour} onChange={(b) => set('behaviour', b)} />
      </Panel>
      <Panel tab="Widget" current={tab}>
        <AgentWidgetTab
          agentId={props.agent?.agent_id}
          widget={edit.widget}
          firstMessage={edit.first_message}
          onChange={(widget) => set('widget', widget)}
        />
      </Panel>
      <LoadingButton type="submit" loading={props.saving}>
        {props.agent ? 'Save agent' : 'Create agent'}
      </LoadingButton>
    </form>
  );
}

function Panel(props: { tab: Tab; current: Tab; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`agent-panel-${props.tab}`}
      aria-labelledby={`agent-tab-${props.tab}`}
      hidden={props.tab !== props.current}
      className="space-y-4"
    >
      {props.children}
    </div>
  );
}
