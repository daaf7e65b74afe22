"use client";

import { useCallback, useState } from "react";
import { parseCommaList } from "@/lib/api/contract/list-text";
import type { TranscriptionOptions } from "@/lib/api/contract/transcription";
import { MAX_UPLOAD_TERMS } from "@/lib/api/contract/vocabulary";
import type { UploadChoices } from "@/components/uploads/use-uploads";
import { LanguageSelect } from "./language-select";
import { SpeakersSelect } from "./speakers-select";

/** What the next upload or recording is transcribed with: its language, how many speak, and terms for it alone. */
export function useUploadChoices(initial: TranscriptionOptions) {
  const [language, setLanguage] = useState(initial.auto_detect ? "" : (initial.languages[0]?.code ?? ""));
  // "" detects the speakers; a number says how many there are.
  const [speakers, setSpeakers] = useState("");
  const [terms, setTerms] = useState("");
  const choices = useCallback(
    (source: UploadChoices["source"]): UploadChoices => ({
      source,
      language: language || null,
      speakers: speakers ? Number(speakers) : null,
      vocabulary: parseCommaList(terms),
    }),
    [language, speakers, terms],
  );
  return { language, setLanguage, speakers, setSpeakers, terms, setTerms, choices };
}

type Choices = ReturnType<typeof useUploadChoices>;

export function UploadChoicesFields({ options, state }: { options: TranscriptionOptions; state: Choices }) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      <LanguageSelect options={options} value={state.language} onChange={state.setLanguage} />
      <SpeakersSelect value={state.speakers} onChange={state.setSpeakers} />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Terms</span>
        <input
          value={state.terms}
          onChange={(e) => state.setTerms(e.target.value)}
          maxLength={1000}
          placeholder="Names, jargon (comma-separated)"
          title={`Up to ${MAX_UPLOAD_TERMS} words or names for this upload alone, besides your vocabulary (account page)`}
          className="h-10 w-56 rounded-t-md border-0 border-b-2 border-border bg-input px-2"
          aria-label="Terms for this upload"
        />
      </label>
    </div>
  );
}
