/** Saves a blob or URL under `fileName` through a temporary link. */
export function saveFile(source: Blob | string, fileName: string): void {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof source !== 'string') window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
