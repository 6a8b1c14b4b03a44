import { useUser } from '@/lib/auth';

/** Profile basics: name and email of the signed-in user. */
export function ProfileSection() {
  const user = useUser();
  return (
    <section className="space-y-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">Profile</h3>
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        <dt className="text-zinc-500">Name</dt>
        <dd className="text-zinc-900 dark:text-zinc-100">{user?.name || '—'}</dd>
        <dt className="text-zinc-500">Email</dt>
        <dd className="text-zinc-900 dark:text-zinc-100">{user?.email}</dd>
      </dl>
    </section>
  );
}
