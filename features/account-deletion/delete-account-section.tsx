"use client";
// The danger zone on /settings: delete the account after typing its email.
// When the session is older than 15 minutes the API answers 403
// reauthentication_required; the dialog then asks for the password (or a
// two-factor code), makes the session fresh and tries again.
import { signOut } from "@/features/auth/next-auth-client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { SettingsCardBody } from "@/components/settings-section";
import { PortalApiError, unreachable } from "@/features/api/portal-fetch";
import { signInUrl } from "@/features/auth/safe-callback-url";
import { failureMessage } from "@/features/auth/sign-in-error";
import type { Account } from "@/shared/schemas/account";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { needsReauthentication, useDeleteAccount, useReauthenticate } from "./use-account-deletion";

type Step = "confirm" | "reauthenticate";

export function DeleteAccountSection({ account }: { account: Account }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <SettingsCardBody className="sm:flex sm:items-start sm:justify-between sm:gap-8 sm:space-y-0">
        <div className="min-w-0 max-w-xl">
          <h3 className="text-sm font-medium text-zinc-900 dark:text-white">Delete account</h3>
          <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            Your account is deleted 30 days after you ask, and you are signed out everywhere at once. Sign in again within those 30 days to cancel.
            After that, the account and everything in it are erased for good.
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
        if (needsReauthentication(error)) setStep("reauthenticate");
      },
    });
  }

  // After a success the page is on its way to the explanation; keep the dialog busy until it goes.
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;
  const deletionError = deleteAccount.error && !needsReauthentication(deleteAccount.error) ? deleteAccount.error : null;

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
            Deletion is scheduled for 30 days from now, and every session, this one included, is signed out. To keep the account, sign in again
            before then and cancel. After 30 days your account, its sending domains, relays and history are erased and cannot be recovered.
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
        <Reauthenticate
          hasTwoFactor={account.twoFactorEnabled}
          deleting={busy}
          deletionError={deletionError ? deletionError.message : null}
          onConfirmed={requestDeletion}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}

const confirmIds = fieldIds("delete_confirmation");

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
      <FormField
        ids={confirmIds}
        label={`To confirm, type your email: ${email}`}
        hint={hint}
      >
        <input
          {...describedBy(confirmIds, { hint })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          className={inputClass}
        />
      </FormField>
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

type Method = "password" | "code";
type ProofValues = { password?: string; code?: string };
const proofResolver = (method: Method) =>
  lazyZodResolver<ProofValues, ProofValues>(() => import("./proof-schemas").then((schemas) => schemas.proofSchemas[method]));
const proofResolvers = { password: proofResolver("password"), code: proofResolver("code") };

type ReauthenticateProps = {
  hasTwoFactor: boolean;
  deleting: boolean;
  deletionError: string | null;
  onConfirmed: () => void;
  onCancel: () => void;
};

function Reauthenticate(props: ReauthenticateProps) {
  const [method, setMethod] = useState<Method>("password");
  // A fresh form per method, so the other one's errors and values never linger.
  return <ProofForm key={method} method={method} onSwitchMethod={() => setMethod(method === "password" ? "code" : "password")} {...props} />;
}

const proofIds = { password: fieldIds("reauth_password"), code: fieldIds("reauth_code") };

function ProofForm({ method, onSwitchMethod, hasTwoFactor, deleting, deletionError, onConfirmed, onCancel }: ReauthenticateProps & { method: Method; onSwitchMethod: () => void }) {
  const form = useForm<ProofValues>({ resolver: proofResolvers[method], defaultValues: { [method]: "" } });
  const reauthenticate = useReauthenticate();
  const [failure, setFailure] = useState<string | null>(null);
  const error = form.formState.errors[method]?.message;
  const ids = proofIds[method];

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reauthenticate.mutateAsync(method === "password" ? { password: values.password } : { code: values.code });
    } catch (caught) {
      const apiError = caught instanceof PortalApiError ? caught : unreachable();
      // A wrong password (401 invalid_credentials) or code (401 invalid_two_factor_code) belongs beside the field.
      if (apiError.code === "invalid_credentials" || apiError.code === "invalid_two_factor_code") {
        form.setError(method, { type: "server", message: apiError.message }, { shouldFocus: true });
      } else {
        setFailure(failureMessage(apiError));
      }
      return;
    }
    onConfirmed();
  });

  const pending = form.formState.isSubmitting || deleting;
  const message = failure ?? deletionError;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {message ? <Alert>{message}</Alert> : null}
      {method === "password" ? (
        <FormField ids={ids} label="Password" error={error}>
          <PasswordInput {...form.register("password")} {...describedBy(ids, { error })} autoComplete="current-password" autoFocus />
        </FormField>
      ) : (
        <FormField ids={ids} label="Two-factor code" hint="From your authenticator app, or one of your recovery codes." error={error}>
          <input
            {...form.register("code")}
            {...describedBy(ids, { error, hint: true })}
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className={`${inputClass} font-mono`}
          />
        </FormField>
      )}
      <div className="space-y-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        {hasTwoFactor ? (
          <p>
            <button type="button" className={linkButtonClass} onClick={onSwitchMethod}>
              {method === "password" ? "Use a two-factor code instead" : "Use your password instead"}
            </button>
          </p>
        ) : null}
        <p>
          No password on this account?{" "}
          <button type="button" className={linkButtonClass} onClick={() => void signOut({ callbackUrl: signInUrl("/settings") })}>
            Sign out and sign in again
          </button>
          , then come back within 15 minutes.
        </p>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={pending}>
          {deleting ? "Deleting account…" : "Confirm and delete"}
        </Button>
      </DialogActions>
    </form>
  );
}

const linkButtonClass =
  "rounded font-medium text-indigo-600 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-400";
