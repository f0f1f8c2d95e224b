"use client";

import { useEffect, useState } from "react";
import { Button } from "./button";
import type { ButtonSize, ButtonVariant } from "./button-styles";

type CopyButtonProps = {
  text: string;
  /** The button's text, e.g. "Copy" or "Copy codes" (markup to hide it at some widths; then give an ariaLabel). */
  label?: React.ReactNode;
  /** Its accessible name when the visible label alone is ambiguous ("Copy setup key"). */
  ariaLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/** Copies `text` to the clipboard and says so for two seconds (announced politely). */
export function CopyButton({ text, label = "Copy", ariaLabel, variant = "secondary", size = "sm", className = "" }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<"copied" | "failed" | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), 2000);
    return () => clearTimeout(timer);
  }, [outcome]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome("copied");
    } catch {
      // No clipboard access (permissions, insecure context): the text is on screen to select by hand.
      setOutcome("failed");
    }
  }

  return (
    <>
      <Button variant={variant} size={size} className={className} aria-label={ariaLabel} onClick={() => void copy()}>
        {outcome === "copied" ? <CheckIcon /> : <CopyIcon />}
        {outcome === "copied" ? "Copied" : label}
      </Button>
      <span role="status" className="sr-only">
        {outcome === "copied" ? "Copied to the clipboard" : outcome === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </>
  );
}

const iconProps = {
  viewBox: "0 0 20 20",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.6,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "size-4",
  "aria-hidden": true,
} as const;

function CopyIcon() {
  return (
    <svg {...iconProps}>
      <rect x="7" y="7" width="10" height="10" rx="2" />
      <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg {...iconProps}>
      <path d="m4.5 10.5 3.5 3.5 7.5-8" />
    </svg>
  );
}
