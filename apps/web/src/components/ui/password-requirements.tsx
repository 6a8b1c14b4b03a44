import { PASSWORD_REQUIREMENTS_HEADING } from '@vocalis/domain/password-rules';

/** The spec's heading with each unmet requirement (accounts.md §8 "Passwords"). */
export function PasswordRequirements({ messages, id }: { messages: readonly string[]; id?: string }) {
  if (messages.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg bg-rose-50 p-3 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200"
    >
      <p className="font-medium">{PASSWORD_REQUIREMENTS_HEADING}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
