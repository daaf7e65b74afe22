import type { TranscriptionOptions } from "@/lib/api/contract/transcription";
import { preparingNote } from "@/lib/transcription/engines/labels";

/**
 * What this server's speech engine means for the user's recordings: a better one on its way,
 * its limits, which of the plan's languages it does. In the user's terms only: what an
 * operator would set up is the admin panel's.
 */
export function EngineNotes({ options }: { options: TranscriptionOptions }) {
  const { engine_preparing: preparing, engine_note: note, languages_note: languages } = options;
  if (!note && !languages && preparing === null) return null;
  return (
    <div className="mt-4 flex flex-col gap-1 text-sm text-muted-foreground" data-testid="engine-notes">
      {preparing !== null && <p role="status">{preparingNote(preparing, options.engine_label)}</p>}
      {note && <p>{note}</p>}
      {languages && <p>{languages}</p>}
    </div>
  );
}
