import type { TrainingOptOut } from '@vocalis/contracts/consent';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useSetTrainingOptOut, useTrainingOptOut } from '../api/consent-calls';

import { PrivacyDialog } from './privacy-dialog';

const UPDATED = 'Workspace training opt out setting successfully updated.';

function useTrainingDialog() {
  const [open, setOpen] = useState(false);
  const save = useSetTrainingOptOut();
  const onResult = (value: boolean | null) => {
    setOpen(false);
    if (value === null) return;
    save.mutate(value, {
      onSuccess: () => toast.success(UPDATED),
      onError: (error) => showErrorToast(error),
    });
  };
  return { open, setOpen, onResult };
}

function TrainingDialog({
  state,
  onResult,
}: {
  state: TrainingOptOut;
  onResult: (value: boolean | null) => void;
}) {
  return (
    <PrivacyDialog
      request={{
        title: 'Model training',
        description:
          'When this is on, audio and text from this workspace are never used to improve our models. It applies to every member of the workspace.',
        toggleLabel: 'Opt this workspace out of model training',
        toggle_enabled: state.training_opt_out,
        can_change: state.can_change,
        confirmText: 'Save',
      }}
      onResult={onResult}
    />
  );
}

/** The privacy (training opt-out) setting in settings: current value and a button that opens the dialog. */
export function TrainingOptOutSetting() {
  const { data } = useTrainingOptOut();
  const dialog = useTrainingDialog();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm font-medium text-zinc-900 dark:text-white">Model training</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {data
            ? data.training_opt_out
              ? 'This workspace is opted out of model training.'
              : 'Workspace content may be used to improve models.'
            : 'Loading…'}
        </p>
      </div>
      <Button variant="secondary" disabled={!data} onClick={() => dialog.setOpen(true)}>
        Manage
      </Button>
      {dialog.open && data ? <TrainingDialog state={data} onResult={dialog.onResult} /> : null}
    </div>
  );
}

/** `training_opt_out=true` in the URL opens the dialog once the workspace's setting has loaded (accounts.md §2). */
export function TrainingOptOutFromUrl() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('training_opt_out') === 'true';
  const { data } = useTrainingOptOut();
  const dialog = useTrainingDialog();
  const handled = useRef(false);
  const { setOpen } = dialog;
  useEffect(() => {
    if (!wanted || !data || handled.current) return;
    handled.current = true;
    setOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('training_opt_out');
        return next;
      },
      { replace: true },
    );
  }, [wanted, data, setOpen, setParams]);
  return dialog.open && data ? <TrainingDialog state={data} onResult={dialog.onResult} /> : null;
}
