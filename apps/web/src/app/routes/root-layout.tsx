import { Outlet } from 'react-router';

import { Toaster } from '@/components/ui/toast/toaster';

/** Outermost route: every page plus the toast stack, which needs the location for its placement. */
export default function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
