"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { NO_AI_FORMATTING, type Availability, type EditorCapabilities } from "@/lib/editor/capabilities";
import type { ApiFormatState, ApiFormatted, ApiStyle } from "@/lib/api/contract/transcription";
import { StylesDialog } from "./styles-dialog";
import { RefusalNote, refusalOf, type Refusal } from "./upgrade-hint";
import { call } from "@/lib/api/client";
import { formatState, requestFormatting } from "@/lib/api/endpoints/formatting";

interface FormatPanelProps {
  transcriptionId: string;
  capabilities: EditorCapabilities;
  styles: ApiStyle[];
  /** a language-model run queued, running or failed when the page was made */
  initialRun: ApiFormatState["run"];
  onFormatted(formatted: ApiFormatted): void;
}

type Level = "basic" | "advanced" | "style";

/** How often the panel asks whether the worker has finished a language-model run. */
const RUN_POLL_MS = 2000;

function NotInPlan({ availability, what }: { availability: Availability; what: string }) {
  if (availability !== "needs-plan") return null;
  return <p className="max-w-56 text-xs text-muted-foreground">{what} is not included in your plan.</p>;
}

export function FormatPanel({ transcriptionId, capabilities, styles: initialStyles, initialRun, onFormatted }: FormatPanelProps) {
  const [sending, setSending] = useState<Level | null>(null);
  const [run, setRun] = useState(initialRun);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [styles, setStyles] = useState(initialStyles);
  const [styleId, setStyleId] = useState(initialStyles[0]?.id ?? "");
  const [stylesOpen, setStylesOpen] = useState(false);
  const { basicFormatting, advancedFormatting, customStyles } = capabilities;

  // Without a model every AI action would fail: they are shown disabled, with one sentence why.
  const noModel = [basicFormatting, advancedFormatting, customStyles].includes("needs-llm");
  const waiting = run !== null && run.status !== "failed";
  const busy: Level | null = sending ?? (waiting ? run.level : null);

  function settle(state: ApiFormatState) {
    setRun(state.run);
    if (!state.run && state.formatted) onFormatted(state.formatted);
  }

  // A language-model run is a worker's job: ask now and then until it has finished or failed.
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const result = await call(formatState, { params: { id: transcriptionId }, signal: controller.signal });
      if (result.ok) settle(result.data);
      else if (!controller.signal.aborted) setRun((r) => (r ? { ...r } : r)); // ask again after the pause
    }, RUN_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // settle only calls setters and the parent's callback
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, waiting, transcriptionId]);

  async function format(level: Level) {
    setSending(level);
    setRefusal(null);
    const result = await call(requestFormatting, { params: { id: transcriptionId }, body: level === "style" ? { level, style_id: styleId } : { level } });
    setSending(null);
    if (result.ok) settle(result.data);
    else setRefusal(refusalOf(result));
  }

  return (
    <section aria-label="Formatting" className="flex flex-col gap-3 rounded-lg border border-border p-4">
      {noModel && <p className="text-sm text-muted-foreground">{NO_AI_FORMATTING}</p>}
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex flex-col gap-1">
          <Button type="button" size="sm" onClick={() => void format("basic")} disabled={busy !== null || basicFormatting === "needs-llm"}>
            {busy === "basic" ? "Formatting…" : "AI enhancement"}
          </Button>
          <p className="max-w-56 text-xs text-muted-foreground">Capitals at sentence starts, for “I” and after titles such as “Mr.”; full stops; filler words and stutters removed; paragraphs at pauses and speaker turns. It doesn’t recognise other names or correct misheard words.</p>
          <NotInPlan availability={basicFormatting} what="AI enhancement" />
        </div>
        <div className="flex flex-col gap-1">
          <Button type="button" size="sm" variant="secondary" onClick={() => void format("advanced")} disabled={busy !== null || advancedFormatting === "needs-llm"}>
            {busy === "advanced" ? "Formatting… (this can take a minute)" : "Advanced formatting"}
          </Button>
          <p className="max-w-56 text-xs text-muted-foreground">Headings, a summary and action items.</p>
          <NotInPlan availability={advancedFormatting} what="Advanced formatting" />
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
            <Button type="button" size="sm" variant="secondary" onClick={() => void format("style")} disabled={busy !== null || !styleId || customStyles === "needs-llm"}>
              {busy === "style" ? "Applying…" : "Apply style"}
            </Button>
          </div>
          <button type="button" className="self-start text-xs text-accent underline" onClick={() => setStylesOpen(true)}>Manage styles</button>
          <NotInPlan availability={customStyles} what="Custom styles" />
        </div>
      </div>
      {waiting && (
        <p role="status" className="text-sm text-muted-foreground">
          {run.status === "queued" ? "Waiting for a worker to format this transcript…" : "This transcript is being formatted…"} You can keep
          editing; the formatted version appears here when it is ready.
        </p>
      )}
      {run?.status === "failed" && <RefusalNote refusal={{ detail: `Formatting did not finish: ${run.error ?? "the worker gave no reason."}` }} />}
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
