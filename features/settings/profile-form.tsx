"use client";
// PUT /account/profile: the display name, on the API's own schema.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { SettingsCardBody, SettingsCardFooter } from "@/components/settings-section";
import type { Account } from "@/shared/schemas/account";
import type { profileBody } from "@/shared/schemas/settings";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { SavedStatus } from "@/features/forms/form-outcome";
import { useApiForm } from "@/features/forms/use-api-form";
import { useUpdateProfile } from "./use-settings";

type ProfileInput = z.input<typeof profileBody>;
type ProfileValues = z.output<typeof profileBody>;
const resolver = lazyZodResolver<ProfileInput, ProfileValues>(() =>
  import("@/shared/schemas/settings").then((schemas) => schemas.profileBody),
);

const ids = { name: fieldIds("name") };
const NAME_HINT = "How we address you in the portal and in emails. Up to 100 characters.";

export function ProfileForm({ account }: { account: Account }) {
  const updateProfile = useUpdateProfile();
  const { form, errors, isSubmitting, onSubmit, failure, saved } = useApiForm({
    resolver,
    defaultValues: { name: account.name ?? "" },
    submit: (values) => updateProfile.mutateAsync(values),
    onSuccess: (updated, form) => {
      form.reset({ name: updated.name ?? "" });
      return "Profile saved.";
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsCardBody>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="max-w-md">
          <FormField ids={ids.name} label="Name" hint={NAME_HINT} error={errors.name?.message}>
            <input
              {...form.register("name")}
              {...describedBy(ids.name, { hint: NAME_HINT, error: errors.name?.message })}
              type="text"
              autoComplete="name"
              className={inputClass}
            />
          </FormField>
        </div>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-zinc-800 dark:text-zinc-200">Email</dt>
            <dd className="mt-1 truncate text-zinc-600 dark:text-zinc-400">{account.email}</dd>
          </div>
          {account.username ? (
            <div>
              <dt className="font-medium text-zinc-800 dark:text-zinc-200">Username</dt>
              <dd className="mt-1 truncate text-zinc-600 dark:text-zinc-400">{account.username}</dd>
            </div>
          ) : null}
        </dl>
      </SettingsCardBody>
      <SettingsCardFooter status={<SavedStatus message={saved} />}>
        <Button type="submit" size="sm" pending={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save profile"}
        </Button>
      </SettingsCardFooter>
    </form>
  );
}
