"use client";
// PUT /account/password on the API's schema plus a confirmation field. The
// API signs every other session out; this one stays signed in.
import Link from "next/link";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { SettingsCardBody, SettingsCardFooter } from "@/components/settings-section";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { NEW_PASSWORD_HINT } from "@/features/auth/sign-up-form";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import type { changePasswordForm } from "./change-password-schema";
import { useApiForm } from "@/features/forms/use-api-form";
import { useChangePassword } from "./use-settings";

type ChangePasswordInput = z.input<typeof changePasswordForm>;
type ChangePasswordValues = z.output<typeof changePasswordForm>;
const resolver = lazyZodResolver<ChangePasswordInput, ChangePasswordValues>(() =>
  import("./change-password-schema").then((schemas) => schemas.changePasswordForm),
);

const ids = {
  current_password: fieldIds("current_password"),
  new_password: fieldIds("new_password"),
  confirm_password: fieldIds("confirm_password"),
};

const empty: ChangePasswordInput = { current_password: "", new_password: "", confirm_password: "" };

export function ChangePasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const { form, errors, isSubmitting, onSubmit, failure, saved } = useApiForm({
    resolver,
    defaultValues: empty,
    fields: ["current_password", "new_password"],
    submit: ({ current_password, new_password }) => changePassword.mutateAsync({ current_password, new_password }),
    onSuccess: (_, form) => {
      form.reset(empty);
      return "changed";
    },
    // A wrong current password is the API's 401 invalid_credentials: it belongs beside that field.
    onError: (error, form) => {
      if (!(error instanceof PortalApiError && error.code === "invalid_credentials")) return false;
      form.setError("current_password", { type: "server", message: error.message }, { shouldFocus: true });
      return true;
    },
  });
  const isChanged = saved !== null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsCardBody>
        {failure ? <Alert>{failure}</Alert> : null}
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="max-w-md space-y-5">
          <FormField ids={ids.current_password} label="Current password" error={errors.current_password?.message}>
            <PasswordInput
              {...form.register("current_password")}
              {...describedBy(ids.current_password, { error: errors.current_password?.message })}
              autoComplete="current-password"
            />
          </FormField>
          <FormField ids={ids.new_password} label="New password" hint={NEW_PASSWORD_HINT} error={errors.new_password?.message}>
            <PasswordInput
              {...form.register("new_password")}
              {...describedBy(ids.new_password, { hint: NEW_PASSWORD_HINT, error: errors.new_password?.message })}
              autoComplete="new-password"
            />
          </FormField>
          <FormField ids={ids.confirm_password} label="Confirm new password" error={errors.confirm_password?.message}>
            <PasswordInput
              {...form.register("confirm_password")}
              {...describedBy(ids.confirm_password, { error: errors.confirm_password?.message })}
              autoComplete="new-password"
            />
          </FormField>
        </div>
        {isChanged ? (
          <Alert tone="success" title="Password changed">
            Every other session was signed out; this one stays signed in. We emailed you a note about the change.{" "}
            <Link href="/sessions" className={textLinkClass}>
              Review your sessions
            </Link>
          </Alert>
        ) : null}
      </SettingsCardBody>
      <SettingsCardFooter status="Changing it signs out every other session.">
        <Button type="submit" size="sm" pending={isSubmitting}>
          {isSubmitting ? "Changing password…" : "Change password"}
        </Button>
      </SettingsCardFooter>
    </form>
  );
}
