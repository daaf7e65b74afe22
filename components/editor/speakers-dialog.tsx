"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { SpeakerName } from "@/lib/api/contract/transcriptions-input";
import type { ApiResult } from "@/lib/api/client";
import type { TranscriptSpeakers } from "@/lib/api/contract/speakers";
import { SaveVoiceProfile } from "./save-voice-profile";

interface SpeakersDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  names: string[];
  onRename(from: string, to: string): void;
  /** the speakers the detector found (they can be saved as voice profiles) */
  detected?: TranscriptSpeakers["speakers"];
  onSaveProfile?(speaker: number, name: string): Promise<ApiResult<unknown>>;
}

/** One speaker's rename form; the server checks the same rule (SpeakerName). */
function RenameSpeaker({ name, onRename, children }: { name: string; onRename(from: string, to: string): void; children?: ReactNode }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SpeakerName.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError("");
    if (parsed.data !== name) onRename(name, parsed.data);
  };
  return (
    <li>
      <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
        <input
          aria-label={`New name for ${name}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          className="h-10 min-w-0 flex-1 rounded-t-md border-0 border-b-2 border-border bg-input px-2 outline-none focus:border-primary"
        />
        <Button type="submit" size="sm" variant="secondary" aria-label={`Rename ${name}`}>Rename</Button>
        {error && <p role="alert" className="w-full text-sm text-danger">{error}</p>}
      </form>
      {children}
    </li>
  );
}

/** Names the transcript's speakers: a rename applies to every segment the speaker speaks. */
export function SpeakersDialog({ open, onOpenChange, names, onRename, detected = [], onSaveProfile }: SpeakersDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Speakers"
      description="Rename a speaker once and every segment they speak changes. Assign speakers with the menu at the start of each segment."
    >
      {names.length ? (
        <ul className="flex flex-col gap-3">
          {/* keyed by name: after a rename the form starts from the new name */}
          {names.map((n) => {
            const voice = onSaveProfile && detected.find((d) => d.name === n);
            return (
              <RenameSpeaker key={n} name={n} onRename={onRename}>
                {voice && <SaveVoiceProfile speaker={voice} onSave={onSaveProfile} />}
              </RenameSpeaker>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No speakers yet.</p>
      )}
    </Modal>
  );
}
