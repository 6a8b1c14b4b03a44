import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Modal } from '@/components/ui/modal';
import { showErrorToast } from '@/lib/error-toast';

import { useCreateApiKey } from '../api/create-api-key';
import { ApiKeyForm } from './api-key-form';

type Props = { userId: string; open: boolean; onClose: () => void };

/** Creates a key, then shows it once with a copy button; closing forgets it. */
export function CreateApiKeyDialog({ userId, open, onClose }: Props) {
  const create = useCreateApiKey(userId);
  const [key, setKey] = useState<string | null>(null);

  const close = () => {
    setKey(null);
    create.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={key ? 'Your new API key' : 'Create API key'}
      description={
        key ? "Copy it now and keep it somewhere safe: you won't be able to see it again." : undefined
      }
    >
      {key ? (
        <div className="space-y-5">
          <div className="flex items-center gap-2">
            <code
              data-testid="new-api-key"
              className="min-w-0 flex-1 truncate rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm select-all dark:bg-zinc-800"
            >
              {key}
            </code>
            <CopyButton value={key} />
          </div>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <ApiKeyForm
          submitText="Create"
          pending={create.isPending}
          onCancel={close}
          onSubmit={(values) =>
            create.mutate(
              { name: values.name, permissions: values.permissions, character_limit: values.characterLimit },
              {
                onSuccess: (created) => setKey(created['xi-api-key']),
                onError: (error) => showErrorToast(error),
              },
            )
          }
        />
      )}
    </Modal>
  );
}
