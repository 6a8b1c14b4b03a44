import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** `value` drawn as a QR code (a data-URL image, allowed by the CSP's img-src data:). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 192, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [value]);
  return src ? (
    <img src={src} alt={label} width={192} height={192} className="rounded-lg bg-white p-2" />
  ) : (
    <div className="size-48 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-label={label} />
  );
}
