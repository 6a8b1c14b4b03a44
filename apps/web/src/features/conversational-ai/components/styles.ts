export const card =
  'rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60';
export const textarea =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';
export const MODE_TEXT: Record<string, string> = {
  llm: 'Language model',
  retrieval: 'Knowledge base only (retrieval)',
  scripted: 'Scripted (no language model, no knowledge base)',
};
