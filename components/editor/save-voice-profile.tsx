"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { detailOr, type ApiResult } from "@/lib/api/client";

interface SaveVoiceProfileProps {
  /** the detected speaker's number and its name as the server has it */
  speaker: { speaker: number; name: string; named: boolean };
  onSave(speaker: number, name: string): Promise<ApiResult<unknown>>;
}

/** In the Speakers dialog, under a detected speaker: save its voice under its name for later transcriptions. */
export function SaveVoiceProfile({ speaker, onSave }: SaveVoiceProfileProps) {
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState("");
  if (!speaker.named) {
    return <p className="w-full text-xs text-muted-foreground">Rename this speaker to save their voice as a profile.</p>;
  }
  const save = async () => {
    setState("saving");
    setError("");
    const result = await onSave(speaker.speaker, speaker.name);
    setState(result.ok ? "saved" : "idle");
    if (!result.ok) setError(detailOr(result, "The voice profile could not be saved. Try again."));
  };
  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      {state === "saved" ? (
        <p role="status" className="text-sm text-success">
          Saved. Later transcriptions will suggest “{speaker.name}”.
        </p>
      ) : (
        <Button type="button" size="sm" variant="ghost" disabled={state === "saving"} onClick={() => void save()} aria-label={`Save as a voice profile: ${speaker.name}`}>
          Save as a voice profile
        </Button>
      )}
      {error && <p role="alert" className="w-full text-sm text-danger">{error}</p>}
    </div>
  );
}
