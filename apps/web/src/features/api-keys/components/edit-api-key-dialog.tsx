import type { ApiKey } from '@vocalis/contracts/api-keys';

import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useEditApiKey } from '../api/edit-api-key';
import { ApiKeyForm } from './api-key-form';

type Props = { userId: string; apiKey: ApiKey | null; onClose: () => void };

/** Edits a key's name, permissions and character limit. */
export function EditApiKeyDialog({ userId, apiKey, onClose }: Props) {
  const edit = useEditApiKey(userId);
  return (
    <Modal open={apiKey !== null} onOpenChange={(next) => !next && onClose()} title="Edit API key">
      {apiKey ? (
        <ApiKeyForm
          key={apiKey.key_id}
          initial={{
            name: apiKey.name,
            permissions: apiKey.permissions ?? 'all',
            characterLimit: apiKey.character_limit,
          }}
          submitText="Save"
          pending={edit.isPending}
          onCancel={onClose}
          onSubmit={(values) =>
            edit.mutate(
              {
                keyId: apiKey.key_id,
                body: {
                  name: values.name,
                  permissions: values.permissions,
                  character_limit: values.characterLimit ?? 'clear',
                },
              },
              {
                onSuccess: () => {
                  toast.success('API key updated');
                  onClose();
                },
                onError: (error) => showErrorToast(error),
              },
            )
          }
        />
      ) : null}
    </Modal>
  );
}
