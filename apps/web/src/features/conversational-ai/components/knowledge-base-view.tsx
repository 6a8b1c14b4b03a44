import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useAddDocument, useDeleteDocument, useDocuments } from '../api/knowledge-base';
import { ConvaiTabs } from './convai-tabs';
import { card, textarea } from './styles';

/** /app/conversational-ai/knowledge-base: documents agents answer from. */
export function KnowledgeBaseView() {
  const docs = useDocuments();
  const add = useAddDocument();
  const remove = useDeleteDocument();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const fail = (e: unknown) => toast.error(errorToastMessage(e));
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-6">
      <ConvaiTabs />
      <section className={card} aria-labelledby="add-heading">
        <h2 id="add-heading" className="text-base font-semibold">
          Add a document
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Passages are found by full-text search (English stemming) and read to the language model, or read
          out as retrieved when no model is configured.
        </p>
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(
              { kind: 'text', name, text },
              { onSuccess: () => (setName(''), setText('')), onError: fail },
            );
          }}
        >
          <Field label="Name">
            {(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Text">
            {(id) => (
              <textarea
                id={id}
                rows={5}
                className={textarea}
                value={text}
                required
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
          <LoadingButton type="submit" loading={add.isPending} disabled={!text.trim()}>
            Add text
          </LoadingButton>
        </form>
        <form
          className="mt-4 flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ kind: 'url', url }, { onSuccess: () => setUrl(''), onError: fail });
          }}
        >
          <Field label="Web page" className="flex-1">
            {(id) => (
              <Input
                id={id}
                type="url"
                value={url}
                placeholder="https://…"
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={!url}>
            Add page
          </Button>
        </form>
      </section>
      <section className={card} aria-labelledby="docs-heading">
        <h2 id="docs-heading" className="text-base font-semibold">
          Documents
        </h2>
        {docs.data?.documents.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-500">No documents yet.</p>
        ) : null}
        <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="documents">
          {docs.data?.documents.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{d.name}</span> · {d.type} · {d.metadata.size_bytes} bytes
                {d.dependent_agents.length
                  ? ` · used by ${d.dependent_agents.map((a) => a.name).join(', ')}`
                  : ''}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${d.name}`}
                onClick={() => remove.mutate(d.id, { onError: fail })}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
