"use client";
// The danger zone on /settings: delete the account after typing its email.
// When the session is older than 15 minutes the API answers 403
// reauthentication_required; the dialog then shows "Confirm it's you" (the
// same step as on /security), which makes the session fresh, and tries again.
import { useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import { TextField } from "@/components/text-field";
import { SettingsCardBody } from "@/components/settings-section";
import { PortalApiError, unreachable } from "@/features/api/portal-fetch";
import { failureMessage } from "@/features/auth/sign-in-error";
import type { Account } from "@/shared/schemas/account";
import { LazyConfirmIdentity } from "@/features/security/on-demand-forms";
import { needsFreshSession } from "@/features/security/use-reauthentication";
import { useDeleteAccount } from "./use-account-deletion";

type Step = "confirm" | "reauthenticate";

export function DeleteAccountSection({ account }: { account: Account }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <SettingsCardBody className="sm:flex sm:items-start sm:justify-between sm:gap-8 sm:space-y-0">
        <div className="min-w-0 max-w-xl">
          <h3 className="text-sm font-medium text-zinc-900 dark:text-white">Delete account</h3>
          <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            Your account is deleted 30 days after you ask, and you are signed out everywhere at once. Sign in again within those 30 days to
            cancel. After that, the account and everything in it are erased for good.
          </p>
        </div>
        <Button variant="danger" size="sm" className="shrink-0 sm:mt-0.5" onClick={() => setIsOpen(true)}>
          Delete account…
        </Button>
      </SettingsCardBody>
      <DeleteAccountDialog open={isOpen} account={account} onClose={() => setIsOpen(false)} />
    </>
  );
}

function DeleteAccountDialog({ open, account, onClose }: { open: boolean; account: Account; onClose: () => void }) {
  const [step, setStep] = useState<Step>("confirm");
  const deleteAccount = useDeleteAccount();

  function close() {
    setStep("confirm");
    deleteAccount.reset();
    onClose();
  }

  function requestDeletion() {
    deleteAccount.mutate(undefined, {
      onError: (error) => {
        if (needsFreshSession(error)) setStep("reauthenticate");
      },
    });
  }

  // After a success the page is on its way to the explanation; keep the dialog busy until it goes.
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;
  const deletionError = deleteAccount.error && !needsFreshSession(deleteAccount.error) ? deleteAccount.error : null;

  return (
    <Dialog
      open={open}
      tone="danger"
      busy={busy}
      onClose={close}
      title={step === "confirm" ? "Delete your account?" : "Confirm it’s you"}
      description={
        step === "confirm" ? (
          <>
            Deletion is scheduled for 30 days from now, and every session, this one included, is signed out. To keep the account, sign in
            again before then and cancel. After 30 days your account, its sending domains, relays and history are erased and cannot be
            recovered.
          </>
        ) : (
          <>For your security, deleting the account needs a sign-in from the last 15 minutes. Confirm it’s you to continue.</>
        )
      }
    >
      {step === "confirm" ? (
        <TypedConfirmation
          email={account.email}
          pending={busy}
          error={deletionError ? failureMessage(deletionError instanceof PortalApiError ? deletionError : unreachable()) : null}
          onConfirm={requestDeletion}
          onCancel={close}
        />
      ) : (
        <LazyConfirmIdentity
          frame="dialog"
          twoFactorEnabled={account.twoFactorEnabled}
          returnTo="/settings"
          submitLabel="Confirm and delete"
          tone="danger"
          busyLabel={busy ? "Deleting account…" : null}
          failure={deletionError ? deletionError.message : null}
          onConfirmed={requestDeletion}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}

function TypedConfirmation({
  email,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  email: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState("");
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const hint = "Type it exactly as shown; this keeps a stray click from deleting anything.";
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (matches) onConfirm();
      }}
      className="space-y-4"
    >
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label={`To confirm, type your email: ${email}`}
        hint={hint}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        type="text"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
      />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!matches} pending={pending}>
          {pending ? "Deleting account…" : "Delete account"}
        </Button>
      </DialogActions>
    </form>
  );
}
