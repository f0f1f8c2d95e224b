"use client";
// Invite someone by email with a role. The default role is the least
// privileged one: giving more is a choice, never an accident.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { inviteMemberBody } from "@/shared/schemas/teams";
import { givableRoles, roleSummaries } from "./role-labels";
import { useInviteMember } from "./use-team";

type InviteInput = z.input<typeof inviteMemberBody>;
type InviteValues = z.output<typeof inviteMemberBody>;
const resolver = lazyZodResolver<InviteInput, InviteValues>(() =>
  import("@/shared/schemas/teams").then((schemas) => schemas.inviteMemberBody),
);
const ids = { email: fieldIds("invite-email"), role: fieldIds("invite-role") };
const defaults: InviteInput = { email: "", role: "viewer" };

export function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const invite = useInviteMember();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: defaults,
    fields: ["email", "role"],
    submit: (values: InviteValues) => invite.mutateAsync(values),
    onSuccess: (invitation) => {
      form.reset(defaults);
      onInvited(invitation.email);
    },
  });
  const role = form.watch("role");

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField ids={ids.email} label="Email" error={errors.email?.message}>
          <input
            {...form.register("email")}
            {...describedBy(ids.email, { error: errors.email?.message })}
            type="email"
            autoComplete="off"
            placeholder="teammate@example.com"
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.role} label="Role" hint={roleSummaries[role] ?? undefined} error={errors.role?.message}>
          <select
            {...form.register("role")}
            {...describedBy(ids.role, { hint: roleSummaries[role], error: errors.role?.message })}
            className={inputClass}
          >
            {givableRoles.map((choice) => (
              <option key={choice} value={choice}>
                {choice.charAt(0).toUpperCase() + choice.slice(1)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send invitation"}
        </Button>
      </div>
    </form>
  );
}
