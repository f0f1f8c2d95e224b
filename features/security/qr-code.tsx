"use client";
// The otpauth:// URI as a QR code, drawn in the browser with `qrcode` (SVG in
// a data: URL; the page CSP allows img-src data:). Always dark on white, with
// a quiet zone, even in the dark theme: that is what phone cameras read best.
import QRCode from "qrcode";
import { useEffect, useState } from "react";

export function QrCode({ value, label, className = "" }: { value: string; label: string; className?: string }) {
  const [src, setSrc] = useState<string | "failed" | null>(null);

  useEffect(() => {
    let isCurrent = true;
    QRCode.toString(value, { type: "svg", errorCorrectionLevel: "M", margin: 0, width: 168, color: { dark: "#18181b", light: "#ffffff" } })
      .then((svg) => isCurrent && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => isCurrent && setSrc("failed"));
    return () => {
      isCurrent = false;
    };
  }, [value]);

  return (
    <div className={`rounded-xl bg-white p-3 ring-1 ring-zinc-200 dark:ring-zinc-700 ${className}`}>
      {src === "failed" ? (
        <p className="flex size-42 items-center p-2 text-center text-sm text-zinc-600">
          Could not draw the QR code. Enter the setup key instead.
        </p>
      ) : src ? (
        // A data: URL made here: next/image would have nothing to optimise.
        <img src={src} alt={label} width={168} height={168} className="block size-42" />
      ) : (
        <div role="img" aria-label={`${label} (drawing…)`} className="size-42 animate-pulse rounded bg-zinc-100" />
      )}
    </div>
  );
}
