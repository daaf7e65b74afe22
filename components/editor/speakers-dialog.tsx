"use client";

import { useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose, ModalCloseButton } from "@/components/ui/modal";
import { SpeakerName } from "@/lib/api/contract/transcription";
import { detailOr, type ApiResult } from "@/lib/api/client";
import type { TranscriptSpeakers } from "@/lib/api/contract/speakers";
import { renameProblems, type SpeakerRename } from "@/lib/editor/speakers";
import { SaveVoiceProfile } from "./save-voice-profile";

type Detected = TranscriptSpeakers["speakers"];

interface SpeakersDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  names: string[];
  /**
   * Saves every changed name at once (only the changed ones, each once); the dialog closes
   * when the answer is ok and otherwise shows why, keeping what was typed. Null: it could not
   * go out because other changes are not saved.
   */
  onSave(renames: SpeakerRename[]): Promise<ApiResult<unknown> | null>;
  /** the speakers the detector found (they can be saved as voice profiles) */
  detected?: Detected;
  onSaveProfile?(speaker: number, name: string): Promise<ApiResult<unknown>>;
}

const NOT_SAVED = "The names could not be saved. Try again.";
const OTHERS_UNSAVED = "The names were not saved: other changes to the transcript are not saved yet. Save them first, then try again.";

interface NamesFormProps extends Pick<SpeakersDialogProps, "names" | "onSave" | "onSaveProfile"> {
  detected: Detected;
  onDone(): void;
}

/**
 * Every speaker's name in one form with one Save. Each name is checked as the server checks
 * it (SpeakerName, then renameProblems: no two speakers with one name); mounted only while the
 * dialog is open, so Cancel, Close and Escape leave nothing typed behind.
 */
function NamesForm({ names, onSave, detected, onSaveProfile, onDone }: NamesFormProps) {
  const id = useId();
  const [values, setValues] = useState(names);
  const [errors, setErrors] = useState<(string | null)[]>(() => names.map(() => null));
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const edit = (i: number, value: string) => {
    setValues((v) => v.map((x, j) => (j === i ? value : x)));
    setErrors((e) => e.map((x, j) => (j === i ? null : x)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = values.map((v) => SpeakerName.safeParse(v));
    const found = parsed.map((p) => (p.success ? null : p.error.issues[0].message));
    const changed = parsed.flatMap((p, i) => (p.success && p.data !== names[i] ? [{ i, from: names[i], to: p.data }] : []));
    const problems = renameProblems(names, changed);
    changed.forEach((c, k) => {
      found[c.i] ??= problems[k];
    });
    setErrors(found);
    setFailure("");
    const invalid = found.findIndex((e) => e !== null);
    if (invalid >= 0) return inputs.current[invalid]?.focus();
    if (!changed.length) return onDone();
    setSaving(true);
    const result = await onSave(changed.map(({ from, to }) => ({ from, to })));
    setSaving(false);
    if (result?.ok) return onDone();
    setFailure(result ? detailOr(result, NOT_SAVED) : OTHERS_UNSAVED);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {names.map((name, i) => {
          const voice = onSaveProfile && detected.find((d) => d.name === name);
          const input = `${id}-${i}`;
          return (
            <li key={name} className="flex flex-col gap-1">
              <label htmlFor={input} className="text-xs font-medium text-muted-foreground">
                <span className="sr-only">New name for </span>
                {name}
              </label>
              <input
                id={input}
                ref={(el) => {
                  inputs.current[i] = el;
                }}
                value={values[i]}
                onChange={(e) => edit(i, e.target.value)}
                aria-invalid={errors[i] ? true : undefined}
                aria-describedby={errors[i] ? `${input}-error` : undefined}
                autoComplete="off"
                className="h-11 w-full min-w-0 rounded-t-md border-0 border-b-2 border-border bg-input px-2 outline-none focus:border-primary aria-invalid:border-danger"
              />
              {errors[i] && (
                <p id={`${input}-error`} className="text-sm text-danger">
                  {errors[i]}
                </p>
              )}
              {voice && <SaveVoiceProfile speaker={voice} onSave={onSaveProfile} />}
            </li>
          );
        })}
      </ul>
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <ModalClose asChild>
          <Button type="button" variant="secondary">Cancel</Button>
        </ModalClose>
        <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save"}</Button>
      </div>
    </form>
  );
}

/**
 * Names the transcript's speakers: Save renames every changed one at once, in every segment
 * they speak. Cancel, Close and Escape discard what was typed; focus goes back to the opener.
 */
export function SpeakersDialog({ open, onOpenChange, names, onSave, detected = [], onSaveProfile }: SpeakersDialogProps) {
  // Radix gives the focus back only to a Dialog.Trigger; the editor opens this from its own
  // button (or a shortcut), so the element focused before opening gets it back on closing. A
  // layout effect runs before the dialog moves the focus in; the focus goes back once the
  // dialog is gone (its focus trap would keep it until then).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    const timer = setTimeout(() => {
      if (element.isConnected) element.focus();
    });
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Speakers"
      description="Type new names and Save: every segment each speaker speaks changes. Assign speakers with the menu at the start of each segment."
    >
      {names.length ? (
        // Keyed by the names: if they change while open (a save elsewhere), the form starts from them.
        <NamesForm key={names.join("\n")} names={names} onSave={onSave} detected={detected} onSaveProfile={onSaveProfile} onDone={() => onOpenChange(false)} />
      ) : (
        <p className="text-sm text-muted-foreground">No speakers yet.</p>
      )}
      {/* Last in the focus order (the first name gets the focus on opening), shown top right. */}
      <ModalCloseButton />
    </Modal>
  );
}
