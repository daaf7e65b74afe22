"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { call, detailOr } from "@/lib/api/client";
import type { ApiVoiceProfile } from "@/lib/api/contract/speakers";
import { deleteVoiceProfile, listVoiceProfiles } from "@/lib/api/endpoints/speakers";
import { useApi } from "@/lib/api/use-api";
import { Section } from "./section";

const DETECTOR_LABELS: Record<ApiVoiceProfile["diarizer"], string> = { "sherpa-onnx": "speaker model", basic: "basic detector" };

const savedTimes = (n: number) => (n === 1 ? "saved once" : `saved ${n} times`);

/** The user's voice profiles: what later transcriptions compare their speakers with; each can be deleted. */
export function VoiceProfilesSection() {
  const { data, error, mutate } = useApi(listVoiceProfiles, {});
  const [deleting, setDeleting] = useState<ApiVoiceProfile | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  const ask = (profile: ApiVoiceProfile | null) => {
    setFailure("");
    setDeleting(profile);
  };

  async function remove(profile: ApiVoiceProfile) {
    setBusy(true);
    const result = await call(deleteVoiceProfile, { params: { id: profile.id } });
    setBusy(false);
    if (!result.ok) return setFailure(detailOr(result, "The voice profile could not be deleted. Try again."));
    setDeleting(null);
    await mutate((current) => current && { voice_profiles: current.voice_profiles.filter((p) => p.id !== profile.id) });
  }

  return (
    <Section title="Voice profiles" description="Voices you named in a transcript. Later transcriptions suggest the name for a speaker who sounds alike; only you can use them.">
      {error && !data && <Alert>{error.message}</Alert>}
      {data && data.voice_profiles.length === 0 && (
        <p className="text-sm text-muted-foreground">No voice profiles yet. In a transcript, open Speakers and save a speaker as a voice profile.</p>
      )}
      {data && data.voice_profiles.length > 0 && (
        <ul className="flex flex-col divide-y divide-border">
          {data.voice_profiles.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="break-words font-medium">{p.name}</p>
                <p className="text-sm text-muted-foreground">
                  {DETECTOR_LABELS[p.diarizer]} · {savedTimes(p.samples)}
                </p>
              </div>
              <Button type="button" size="sm" variant="secondary" onClick={() => ask(p)} aria-label={`Delete ${p.name} (${DETECTOR_LABELS[p.diarizer]})`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && ask(null)}
        title={`Delete the voice profile “${deleting?.name ?? ""}”?`}
        description="Its saved voice is removed for good, and no transcript will suggest this name again. Names already given in transcripts stay."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {failure && <Alert>{failure}</Alert>}
      </ConfirmDialog>
    </Section>
  );
}
