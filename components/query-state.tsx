"use client";
// One way for every portal list or page to say "loading", "could not load"
// (with a retry) and "nothing here yet", so only the loaded view is written
// per page.
import { LoadError } from "./load-error";

type Query<Data> =
  | { isPending: true; isError: false; data: undefined; error: null; isFetching: boolean; refetch: () => unknown }
  | { isPending: false; isError: true; data: Data | undefined; error: Error; isFetching: boolean; refetch: () => unknown }
  | { isPending: false; isError: false; data: Data; error: null; isFetching: boolean; refetch: () => unknown };

type QueryStateProps<Data> = {
  query: Query<Data>;
  /** Named in the messages: "Loading your keys…", "We could not load your keys". */
  what: string;
  /** Shown instead of children when the data is empty (an empty array unless `isEmpty` says otherwise). */
  empty?: React.ReactNode;
  isEmpty?: (data: Data) => boolean;
  /** Replaces the default loading line (e.g. a skeleton table). */
  loading?: React.ReactNode;
  /** What to show for a failure the page explains itself (storage offline, not found); undefined or null keeps the default alert. */
  failed?: (error: Error) => React.ReactNode;
  className?: string;
  children: (data: Data) => React.ReactNode;
};

const isEmptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

export function QueryState<Data>({
  query,
  what,
  empty,
  isEmpty = isEmptyArray,
  loading,
  failed,
  className = "",
  children,
}: QueryStateProps<Data>) {
  if (query.isPending) {
    return (
      loading ?? (
        <p role="status" className={`text-sm text-zinc-500 dark:text-zinc-400 ${className}`}>
          Loading {what}…
        </p>
      )
    );
  }
  if (query.isError) {
    const explained = failed?.(query.error);
    if (explained !== undefined && explained !== null) return explained;
    return (
      <div className={className}>
        <LoadError what={what} query={query} />
      </div>
    );
  }
  if (empty !== undefined && isEmpty(query.data)) {
    return <div className={`text-sm text-zinc-600 dark:text-zinc-400 ${className}`}>{empty}</div>;
  }
  return <>{children(query.data)}</>;
}
