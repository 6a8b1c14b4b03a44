import { useEffect, useState } from 'react';

import { buttonClasses } from '@/components/ui/button';

/** An audio player for a blob with a download link. */
export function SoundPlayer({ audio, name, label }: { audio: Blob; name: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(audio);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [audio]);
  if (!url) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <audio controls src={url} aria-label={label} className="h-10 min-w-0 flex-1" />
      <a href={url} download={name} className={buttonClasses('secondary', 'sm')}>
        Download
      </a>
    </div>
  );
}
