"use client";

import type { TranscriptionOptions } from "@/lib/api/contract/transcription";

export function LanguageSelect({ options, value, onChange }: { options: TranscriptionOptions; value: string; onChange: (v: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">Language</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 rounded-t-md border-0 border-b-2 border-border bg-input px-2"
        aria-label="Language"
      >
        {options.auto_detect && <option value="">Detect automatically</option>}
        {options.languages.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
