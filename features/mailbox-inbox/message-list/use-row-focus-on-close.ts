"use client";
// Back in the list (by a button or the browser's Back): focus returns to the
// row of the message that was open, so j, k and Tab go on from there.
import { useEffect, useRef } from "react";
import { rowSelector } from "./inbox-list";

export function useRowFocusOnClose(reading: string | null) {
  const shownBefore = useRef<string | null>(reading);
  useEffect(() => {
    if (reading === null && shownBefore.current) document.querySelector<HTMLElement>(rowSelector(shownBefore.current))?.focus();
    shownBefore.current = reading;
  }, [reading]);
}
