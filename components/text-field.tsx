// One text field: its label, the input, a hint and the error, with the ids
// joined so assistive technology reads the error and the hint with the input
// (aria-describedby) and hears when it is wrong (aria-invalid).
import { useId } from "react";
import { describedBy, FormField, fieldIds, inputClass } from "./form-field";

/** What the control must carry: spread it on the input a TextField wraps. */
export type TextFieldControl = ReturnType<typeof describedBy>;

type TextFieldProps = Omit<React.ComponentProps<"input">, "id" | "children"> & {
  label: string;
  hint?: React.ReactNode;
  error?: string;
  /** Shown beside the label ("(optional)"). */
  optional?: boolean;
  /** Something at the right of the label row (e.g. a link). */
  aside?: React.ReactNode;
  /** A stable id for the input; a generated one otherwise. */
  id?: string;
  /** Another control than a plain text input (PasswordInput, OneTimeCodeInput…): render it with these props spread on it. */
  children?: (control: TextFieldControl) => React.ReactNode;
};

export function TextField({ label, hint, error, optional, aside, id, className = "", children, ...input }: TextFieldProps) {
  const generated = fieldIds(useId());
  const ids = id ? { control: id, hint: `${id}-hint`, error: `${id}-error` } : generated;
  const control = describedBy(ids, { hint, error });
  return (
    <FormField ids={ids} label={label} optional={optional} aside={aside} hint={hint} error={error}>
      {children ? children(control) : <input {...input} {...control} className={`${inputClass} ${className}`} />}
    </FormField>
  );
}
