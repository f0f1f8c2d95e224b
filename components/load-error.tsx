"use client";
// What every portal page says when its data did not load: what failed, why,
// and a way to try again (disabled while the retry is on its way).
import { Alert } from "./alert";
import { Button } from "./button";

type RetryableQuery = { error: Error; isFetching: boolean; refetch: () => unknown };

export function LoadError({ what, query }: { what: string; query: RetryableQuery }) {
  return (
    <Alert title={`We could not load ${what}`}>
      <p>{query.error.message}</p>
      <Button variant="secondary" size="sm" className="mt-3" pending={query.isFetching} onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
