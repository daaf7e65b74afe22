"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Availability, EditorCapabilities } from "@/lib/editor/capabilities";
import { ApiFormatted, type ApiStyle } from "@/lib/api/contract/transcriptions";
import { StylesDialog } from "./styles-dialog";
import { RefusalNote, refusalOf, type Refusal } from "./upgrade-hint";
import { apiCall } from "@/lib/api/client";

interface FormatPanelProps {
  transcriptionId: string;
  capabilities: EditorCapabilities;
  styles: ApiStyle[];
  onFormatted(formatted: ApiFormatted): void;
}

function Unavailable({ availability, what }: { availability: Availability; what: string }) {
  if (availability === "available") return null;
  return (
    <p className="text-xs text-muted-foreground">
      {availability === "needs-plan"
        ? `${what} is not included in your plan.`
        : `${what} needs a language model, and none is configured on this server (an operator sets LLM_BASE_URL and LLM_MODEL).`}
    </p>
  );
}

export function FormatPanel({ transcriptionId, capabilities, styles: initialStyles, onFormatted }: FormatPanelProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [styles, setStyles] = useState(initialStyles);
  const [styleId, setStyleId] = useState(initialStyles[0]?.id ?? "");
  const [stylesOpen, setStylesOpen] = useState(false);
  const { basicFormatting, advancedFormatting, customStyles } = capabilities;

  async function format(level: "basic" | "advanced" | "style") {
    setBusy(level);
    setRefusal(null);
    const result = await apiCall(`/api/transcriptions/${transcriptionId}/format`, {
      method: "POST",
      body: level === "style" ? { level, style_id: styleId } : { level },
      answer: ApiFormatted,
    });
    setBusy(null);
    if (result.ok) onFormatted(result.data);
    else setRefusal(refusalOf(result));
  }

  return (
    <section aria-label="Formatting" className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex flex-col gap-1">
          <Button type="button" size="sm" onClick={() => void format("basic")} disabled={busy !== null}>
            {busy === "basic" ? "Formatting…" : "AI enhancement"}
          </Button>
          <p className="max-w-56 text-xs text-muted-foreground">Sentence case, punctuation, filler words removed, paragraphs at pauses and speaker turns.</p>
          <Unavailable availability={basicFormatting} what="AI enhancement" />
        </div>
        <div className="flex flex-col gap-1">
          <Button type="button" size="sm" variant="secondary" onClick={() => void format("advanced")} disabled={busy !== null}>
            {busy === "advanced" ? "Formatting… (this can take a minute)" : "Advanced formatting"}
          </Button>
          <p className="max-w-56 text-xs text-muted-foreground">Headings, a summary and action items.</p>
          <Unavailable availability={advancedFormatting} what="Advanced formatting" />
        </div>
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <select
              aria-label="Custom style"
              value={styleId}
              onChange={(e) => setStyleId(e.target.value)}
              className="h-9 rounded-t-md border-0 border-b-2 border-border bg-input px-2 text-sm"
              disabled={!styles.length}
            >
              {styles.length ? styles.map((s) => <option key={s.id} value={s.id}>{s.name}</option>) : <option value="">No styles yet</option>}
            </select>
            <Button type="button" size="sm" variant="secondary" onClick={() => void format("style")} disabled={busy !== null || !styleId}>
              {busy === "style" ? "Applying…" : "Apply style"}
            </Button>
          </div>
          <button type="button" className="self-start text-xs text-accent underline" onClick={() => setStylesOpen(true)}>Manage styles</button>
          <Unavailable availability={customStyles} what="Custom styles" />
        </div>
      </div>
      {refusal && <RefusalNote refusal={refusal} />}
      <StylesDialog
        open={stylesOpen}
        onOpenChange={setStylesOpen}
        styles={styles}
        onChange={(next) => {
          setStyles(next);
          if (!next.some((s) => s.id === styleId)) setStyleId(next[0]?.id ?? "");
        }}
      />
    </section>
  );
}
