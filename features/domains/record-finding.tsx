// Under a record's status: what DNS returned when it did not match (nothing
// at that name, or another value, shown), and why a value that points at
// localhost is expected outside production.
import type { DomainRecord } from "@/shared/schemas/sending-domain";

const pointsAtLocalhost = (record: DomainRecord) =>
  (record.purpose === "spf" || record.purpose === "return_path") && /(^|[.:\s])localhost\b/.test(record.value);

export function RecordFinding({ record }: { record: DomainRecord }) {
  const note = pointsAtLocalhost(record) ? (
    <p className="mt-1.5 max-w-xs text-xs text-zinc-600 dark:text-zinc-400">
      This value names localhost because the service runs without a public hostname (APP_URL is on localhost). That is expected outside
      production; in production it names the service&apos;s own domain.
    </p>
  ) : null;
  if (record.status !== "failed" || record.found === null) return note;
  return (
    <>
      {record.found.length === 0 ? (
        <p className="mt-1.5 max-w-xs text-xs text-zinc-600 dark:text-zinc-400">DNS has no {record.type} record at this name yet.</p>
      ) : (
        <div className="mt-1.5 max-w-xs text-xs text-zinc-600 dark:text-zinc-400">
          <p>DNS returned a different value:</p>
          <ul aria-label={`Found at ${record.name}`} className="mt-0.5 space-y-0.5">
            {record.found.map((value) => (
              <li key={value}>
                <code className="font-mono break-all text-zinc-800 dark:text-zinc-200">{value}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {note}
    </>
  );
}
