"use client";
// PUT /account/security-preferences: the idle timeout (a choice of presets)
// the new sign-in email and two-factor for members, on the API's own schema.
import { useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { SettingsCardBody, SettingsCardFooter } from "@/components/settings-section";
import { Switch } from "@/components/switch";
import type { Account } from "@/shared/schemas/account";
import type { securityPreferencesBody } from "@/shared/schemas/settings";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { SavedStatus } from "@/features/forms/form-outcome";
import { useApiForm } from "@/features/forms/use-api-form";
import { timeoutOptions } from "./session-timeouts";
import { useUpdateSecurityPreferences } from "./use-settings";

type PreferencesInput = z.input<typeof securityPreferencesBody>;
type PreferencesValues = z.output<typeof securityPreferencesBody>;
const resolver = lazyZodResolver<PreferencesInput, PreferencesValues>(() =>
  import("@/shared/schemas/settings").then((schemas) => schemas.securityPreferencesBody),
);

const ids = { sessionTimeoutMinutes: fieldIds("sessionTimeoutMinutes") };
const TIMEOUT_HINT = "A session unused for this long is signed out. A change applies at once to every session, this one included.";

export function SecurityPreferencesForm({ account }: { account: Account }) {
  const updatePreferences = useUpdateSecurityPreferences();
  const { form, errors, isSubmitting, onSubmit, failure, saved } = useApiForm({
    resolver,
    defaultValues: {
      sessionTimeoutMinutes: account.sessionTimeoutMinutes,
      notifyNewSignin: account.notifyNewSignin,
      requireTwoFactorForMembers: account.requireTwoFactorForMembers,
    },
    submit: (values) => updatePreferences.mutateAsync(values),
    onSuccess: (preferences, form) => {
      form.reset(preferences);
      return "Security preferences saved.";
    },
  });
  const options = timeoutOptions(form.watch("sessionTimeoutMinutes"));

  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsCardBody>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="max-w-md">
          <FormField
            ids={ids.sessionTimeoutMinutes}
            label="Sign out idle sessions after"
            hint={TIMEOUT_HINT}
            error={errors.sessionTimeoutMinutes?.message}
          >
            <select
              {...form.register("sessionTimeoutMinutes", { setValueAs: (value: string | number) => Number(value) })}
              {...describedBy(ids.sessionTimeoutMinutes, { hint: TIMEOUT_HINT, error: errors.sessionTimeoutMinutes?.message })}
              className={`${inputClass} appearance-none bg-[length:1.25rem] bg-[right_0.5rem_center] bg-no-repeat pr-9`}
              style={{ backgroundImage: CHEVRON }}
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <PreferenceSwitch
          form={form}
          name="notifyNewSignin"
          title="Email me about new sign-ins"
          description="When someone signs in from a device or address this account has not used before, we send you an email."
        />
        <PreferenceSwitch
          form={form}
          name="requireTwoFactorForMembers"
          title="Require two-factor for members"
          description="Members without two-factor authentication on their own account cannot switch into this one until they turn it on."
        />
      </SettingsCardBody>
      <SettingsCardFooter status={<SavedStatus message={saved} />}>
        <Button type="submit" size="sm" pending={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save preferences"}
        </Button>
      </SettingsCardFooter>
    </form>
  );
}

type PreferencesForm = UseFormReturn<PreferencesInput, unknown, PreferencesValues>;

/** One on/off preference: its title and description name the switch for assistive technology. */
function PreferenceSwitch({
  form,
  name,
  title,
  description,
}: {
  form: PreferencesForm;
  name: "notifyNewSignin" | "requireTwoFactorForMembers";
  title: string;
  description: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4 border-t border-zinc-200 pt-5 sm:gap-8 dark:border-zinc-800">
      <div className="min-w-0 max-w-xl">
        <p id={titleId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {title}
        </p>
        <p id={descriptionId} className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          {description}
        </p>
      </div>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch
            ref={field.ref}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            className="mt-0.5"
          />
        )}
      />
    </div>
  );
}

// A chevron for the native select (appearance-none hides the platform's); zinc-400 reads on both themes.
const CHEVRON = `url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%23a1a1aa'%3e%3cpath fill-rule='evenodd' d='M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z' clip-rule='evenodd'/%3e%3c/svg%3e")`;
