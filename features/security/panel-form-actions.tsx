"use client";
// The buttons under a form in a /security panel (turning two-factor on or off):
// the submit button, which says what it is doing while pending, and Cancel,
// which waits for the answer rather than abandon a change already sent.
import { Button } from "@/components/button";

type PanelFormActionsProps = {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  tone?: "primary" | "danger";
  onCancel: () => void;
};

export function PanelFormActions({ submitLabel, pendingLabel, pending, tone = "primary", onCancel }: PanelFormActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={tone} size="sm" pending={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      <Button variant="secondary" size="sm" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
