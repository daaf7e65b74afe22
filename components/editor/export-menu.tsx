"use client";

import { Popover } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { EditorCapabilities } from "@/lib/editor/capabilities";
import { EXPORT_FORMATS, EXPORT_LABEL, type ExportFormat } from "@/lib/exports/formats";
import { saveResponse } from "./download";
import { RefusalNote, refusalOf, type Refusal } from "./upgrade-hint";
import { apiDownload, urlOf } from "@/lib/api/client";
import { exportTranscription } from "@/lib/api/endpoints/transcription";

interface ExportMenuProps {
  transcriptionId: string;
  title: string;
  capabilities: EditorCapabilities;
  hasFormatted: boolean;
}

const SUBTITLES: ReadonlySet<ExportFormat> = new Set(["srt", "vtt"]);

export function ExportMenu({ transcriptionId, title, capabilities, hasFormatted }: ExportMenuProps) {
  const [format, setFormat] = useState<ExportFormat>("txt");
  const [timestamps, setTimestamps] = useState(true);
  const [version, setVersion] = useState<"raw" | "formatted">("raw");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const subtitles = SUBTITLES.has(format);

  async function download() {
    setBusy(true);
    setRefusal(null);
    const query = {
      format,
      timestamps: timestamps ? "1" : "0",
      version: subtitles ? "raw" : version,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    const result = await apiDownload(urlOf(exportTranscription, { params: { id: transcriptionId }, query }));
    try {
      if (result.ok) await saveResponse(result.response, `${title}.${format}`);
      else setRefusal(refusalOf(result));
    } catch {
      setRefusal({ detail: "Could not reach the server. Try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popover.Root onOpenChange={() => setRefusal(null)}>
      <Popover.Trigger asChild>
        <Button type="button" size="sm" variant="secondary">Export</Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={6} className="z-40 w-80 rounded-lg border border-border bg-card p-4 shadow-xl" aria-label="Export">
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold">Format</legend>
            {EXPORT_FORMATS.map((f) => (
              <label key={f} className="flex items-center gap-2 text-sm">
                <input type="radio" name="export-format" value={f} checked={format === f} onChange={() => setFormat(f)} />
                {EXPORT_LABEL[f]}
                {!capabilities.exports[f] && <span className="rounded bg-accent-soft px-1.5 text-xs text-accent">Upgrade</span>}
              </label>
            ))}
          </fieldset>
          {!subtitles && (
            <fieldset className="mt-3 flex flex-col gap-1 text-sm">
              <legend className="mb-1 font-semibold">Content</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="export-version" checked={version === "raw"} onChange={() => setVersion("raw")} /> Transcript
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="export-version" checked={version === "formatted"} disabled={!hasFormatted} onChange={() => setVersion("formatted")} />
                Formatted version{!hasFormatted && " (format it first)"}
              </label>
              {version === "raw" && (
                <label className="mt-1 flex items-center gap-2">
                  <input type="checkbox" checked={timestamps} onChange={(e) => setTimestamps(e.target.checked)} /> Include timestamps
                </label>
              )}
            </fieldset>
          )}
          {refusal && <div className="mt-3"><RefusalNote refusal={refusal} /></div>}
          <Button type="button" className="mt-4 w-full" onClick={() => void download()} disabled={busy}>
            {busy ? "Preparing…" : "Download"}
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
