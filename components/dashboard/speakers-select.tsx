"use client";

import { MAX_SPEAKERS } from "@/lib/api/contract/uploads";

/** How many people speak in what is uploaded next: detected, or said (1 skips speaker detection). */
export function SpeakersSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">Speakers</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 rounded-t-md border-0 border-b-2 border-border bg-input px-2"
        aria-label="Speakers"
      >
        <option value="">Detect automatically</option>
        {Array.from({ length: MAX_SPEAKERS }, (_, i) => (
          <option key={i + 1} value={String(i + 1)}>
            {i === 0 ? "1 (no speaker labels)" : i + 1}
          </option>
        ))}
      </select>
    </label>
  );
}
