import { parseActionLinkParams } from '@vocalis/domain/action-link';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { ActionLinkView } from '@/features/auth/components/action-link-view';

/** /action: the landing page of every emailed link (accounts.md §2 "Action-link landing page"). */
export default function ActionLinkRoute() {
  const [searchParams] = useSearchParams();
  // Read once: the page's own navigation must not restart the action.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => parseActionLinkParams(searchParams), []);
  return (
    <AuthLayout title="Vocalis account">
      <ActionLinkView params={params} />
    </AuthLayout>
  );
}
