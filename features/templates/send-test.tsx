"use client";
// "Send a test to me": the saved template rendered with the preview's values,
// sent from the test sender to the account's own address, under the test
// sender's rules (the address proven first, a daily limit), as any send is.
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { PortalApiError, portalFetch } from "@/features/api/portal-fetch";
import { useTestSender } from "@/features/onboarding/use-test-sender";
import { sendMessage } from "@/shared/api/endpoint-refs";

export function SendTest({ templateId, variables, dirty }: { templateId: string; variables: Record<string, unknown>; dirty: boolean }) {
  const sender = useTestSender();
  const send = useMutation({
    mutationFn: () =>
      portalFetch(sendMessage, { body: { from: sender.data!.from, to: [sender.data!.to], template: { id: templateId, variables } } }),
  });
  if (!sender.data) return null;
  const error = send.error instanceof PortalApiError ? send.error.message : send.error ? "The test was not sent. Try again." : null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" pending={send.isPending} onClick={() => send.mutate()}>
          Send a test to me
        </Button>
        <p className="min-w-0 text-xs break-all text-zinc-500 dark:text-zinc-400">
          To {sender.data.to}:{" "}
          {dirty ? "the saved version (save your changes first to test them)." : "the saved version, with the values above."}
        </p>
      </div>
      {send.data ? <Alert tone="success">A test is on its way to {sender.data.to}.</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
