"use client";

import { useLayoutEffect, useState } from "react";

// Tailwind's `sm` breakpoint: below it the editor reads by default.
const SMALL_SCREEN = "(max-width: 639px)";

/**
 * Reading mode: a tap on a word plays from it and the keyboard stays down. Small screens start
 * in it (a tap there is a finger on a word, not a click into text); typing is asked for with
 * "Edit text". Without editing in the plan there is only reading.
 */
export function useReadingMode(editable: boolean): [boolean, (reading: boolean) => void] {
  const [small, setSmall] = useState(false);
  const [chosen, setChosen] = useState<boolean | null>(null);
  // Before the first paint after hydration, so no tap can land while a phone still looks like a desktop.
  useLayoutEffect(() => {
    const query = window.matchMedia(SMALL_SCREEN);
    const update = () => setSmall(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  // Only small screens have the switch; a wide window always types (its choice is kept for when it narrows again).
  const reading = !editable || (small && (chosen ?? true));
  return [reading, setChosen];
}
