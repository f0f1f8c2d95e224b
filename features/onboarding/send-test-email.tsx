"use client";
// The checklist's first step: one click sends a test email from the service's
// test sender to the account's own address, then opens the message. An address
// never proven is confirmed first with an emailed code.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { DevMailboxHint } from "@/components/dev-mailbox";
import { QueryState } from "@/components/query-state";
import { PortalApiError } from "@/features/api/portal-fetch";
import { useConfirmEmail, useSendConfirmationCode, useSendTestEmail, useTestSender } from "./use-test-sender";
import { EmailedCodeField } from "@/components/emailed-code-field";

const errorText = (error: unknown) => (error instanceof PortalApiError ? error.message : "That did not work. Try again.");

export function SendTestEmail() {
  const sender = useTestSender();
  const send = useSendTestEmail();
  const router = useRouter();
  const [opening, setOpening] = useState(false);

  return (
    <QueryState
      query={sender}
      what="your test sender"
      className="mt-2"
      loading={
        <p role="status" className="mt-2 text-zinc-500 dark:text-zinc-400">
          Checking your address…
        </p>
      }
    >
      {(data) => {
        const { to, from, emailProven, emailConfirmationPendingUntil, dailyLimit, sentToday } = data;
        if (!emailProven) return <ConfirmAddress email={to} pendingUntil={emailConfirmationPendingUntil} />;
        return (
          <div className="mt-2 space-y-2">
            <p className="text-zinc-600 dark:text-zinc-400">
              From <span className="font-mono text-[0.8125rem] break-all">{from}</span> to {to}. {Math.max(0, dailyLimit - sentToday)} of{" "}
              {dailyLimit} left today.
            </p>
            <Button
              size="sm"
              pending={send.isPending || opening}
              onClick={() =>
                send.mutate(data, {
                  onSuccess: (message) => {
                    setOpening(true);
                    router.push(`/messages/${message.id}`);
                  },
                })
              }
            >
              {send.isPending || opening ? "Sending…" : "Send a test email"}
            </Button>
            {send.isError ? (
              <p role="alert" className="text-red-700 dark:text-red-300">
                {errorText(send.error)}
              </p>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}

const timeOfDay = (at: string) => new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).format(new Date(at));

/**
 * The code field shows whenever the API says a code is on its way (`pendingUntil`), so a reload, a
 * new tab or another session keeps the step, and the code already read still works.
 */
function ConfirmAddress({ email, pendingUntil }: { email: string; pendingUntil: string | null }) {
  const sendCode = useSendConfirmationCode();
  const confirm = useConfirmEmail();
  const [code, setCode] = useState("");
  const failure = confirm.error ?? sendCode.error;

  const requestCode = () => sendCode.mutate(undefined, { onSuccess: () => setCode("") });

  return (
    <div className="mt-2 space-y-2">
      <p className="text-zinc-600 dark:text-zinc-400">
        The test email goes to <strong className="font-medium text-zinc-900 dark:text-white">{email}</strong>. First confirm that address is
        yours with a code we email to it.
      </p>
      {pendingUntil !== null ? (
        <>
          <p role="status" className="text-zinc-800 dark:text-zinc-200">
            We sent a code to <strong className="font-medium">{email}</strong>. It works until {timeOfDay(pendingUntil)}; a new code
            replaces it.
          </p>
          <DevMailboxHint />
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate(code);
            }}
          >
            <EmailedCodeField value={code} onChange={setCode} />
            <Button size="sm" type="submit" pending={confirm.isPending}>
              {confirm.isPending ? "Confirming…" : "Confirm address"}
            </Button>
            <Button size="sm" variant="secondary" pending={sendCode.isPending} onClick={requestCode}>
              Send a new code
            </Button>
          </form>
        </>
      ) : (
        <Button size="sm" variant="secondary" pending={sendCode.isPending} onClick={requestCode}>
          {sendCode.isPending ? "Sending…" : "Email me a code"}
        </Button>
      )}
      {failure ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {errorText(failure)}
        </p>
      ) : null}
    </div>
  );
}
