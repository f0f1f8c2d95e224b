"use client";
// What the inbox says while the mail storage cannot be reached (the reading
// endpoints answer 503 mail_storage_offline): nothing is lost, senders retry,
// and the inbox comes back when the storage does.
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { PortalApiError } from "@/features/api/portal-fetch";

export const isStorageOffline = (error: unknown) => error instanceof PortalApiError && error.code === "mail_storage_offline";

export function StorageOfflineNotice({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Alert tone="warning" title="Mail storage is offline">
      <p>
        The mailbox cannot be read right now. Incoming mail is not lost: sending servers keep it and try again until the storage is back.
      </p>
      <Button variant="secondary" size="sm" className="mt-3" pending={query.isFetching} onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
