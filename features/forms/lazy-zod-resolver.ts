// A react-hook-form resolver whose zod schema (and zod itself, ≈ 32 kB gzip
// plus a long task building the schemas) is fetched on the form's first
// validation instead of with the page. Forms validate on submit, so nobody
// waits for it before they can type; the page becomes interactive sooner.
// Create it at module level: a new resolver per render would load it again.
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod"), import("@/shared/validation-messages")]).then(
      ([schema, { zodResolver }, { installValidationMessages }]) => {
        // The same sentences as the API's, never zod's default text.
        installValidationMessages();
        return zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
      },
      (error: unknown) => {
        loading = undefined; // A failed fetch (offline) is tried again on the next submit.
        throw error;
      },
    ));
  return async (values, context, options) => (await load())(values, context, options);
}
