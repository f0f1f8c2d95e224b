// Storage used of a mailbox's quota, as a meter (read out as "x of y").
export const formatBytes = (bytes: number) => {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(bytes % 1024 ** 3 === 0 ? 0 : 1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return bytes === 0 ? "0 MB" : `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

export function QuotaBar({ usedBytes, quotaBytes, label }: { usedBytes: number; quotaBytes: number; label: string }) {
  const share = quotaBytes > 0 ? Math.min(1, usedBytes / quotaBytes) : 0;
  const text = `${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used`;
  const tone = share >= 0.9 ? "bg-red-500" : share >= 0.75 ? "bg-amber-500" : "bg-indigo-500";
  return (
    <div className="min-w-0">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={quotaBytes}
        aria-valuenow={usedBytes}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.max(share * 100, usedBytes > 0 ? 1 : 0)}%` }} />
      </div>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{text}</p>
    </div>
  );
}
