import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

import { ChevronDownIcon, LogOutIcon } from '@/components/ui/icons';
import { useSignOut, useUser } from '@/lib/auth';

function initialsOf(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** Avatar button with the account email and Sign out. */
export function UserMenu() {
  const user = useUser();
  const signOut = useSignOut();
  if (!user) return null;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.email}`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 transition hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-xs font-semibold text-white">
          {initialsOf(user.name, user.email)}
        </span>
        <ChevronDownIcon className="hidden size-4 text-zinc-400 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[70] w-64 animate-fade-in rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40"
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            {user.name ? (
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">{user.name}</p>
            ) : null}
            <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          <DropdownMenu.Item
            disabled={signOut.isPending}
            onSelect={() => signOut.mutate()}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-zinc-700 outline-none data-[highlighted]:bg-zinc-100 dark:text-zinc-300 dark:data-[highlighted]:bg-zinc-800"
          >
            <LogOutIcon className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
