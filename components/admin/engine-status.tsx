"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { retryModelDownload } from "./admin-api";
import { modelRetryAsked, modelRetryFailed } from "./messages";
import { useNotify } from "./notice";
import { OperatorHealth, type ModelDownload } from "@/lib/api/contract/health";
import { formatDuration } from "@/lib/text/time-format";
import { urlOf } from "@/lib/api/client";
import { health } from "@/lib/api/endpoints/service";
import { useAdminRead } from "./use-admin-read";
import { engineLabel, engineSetupHint } from "@/lib/transcription/engines/labels";

const REFRESH_WHILE_DOWNLOADING_MS = 5000;
/** After a retry, how long the status is read again while the workers take it up (their next heartbeat). */
const WATCH_AFTER_RETRY_MS = 30_000;
const mb = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;

/** What the first start's model download is doing, in a sentence an operator can act on. */
export function modelDownloadText(download: ModelDownload): string | null {
  const model = download.model ?? "whisper";
  switch (download.state) {
    case "downloading": {
      const bytes = download.bytes ?? 0;
      const of = download.total ? `: ${Math.floor((bytes / download.total) * 100)} % (${mb(bytes)} of ${mb(download.total)})` : `: ${mb(bytes)}`;
      return `Downloading the whisper model ${model}${of}. PocketSphinx transcribes until it is ready.`;
    }
    case "ready":
      return `The whisper model ${model} was downloaded and is in use.`;
    case "failed":
      return `The whisper model ${model} could not be downloaded: ${download.reason ?? "no reason given"}`;
    case "off":
      return "Automatic model download is off (WHISPER_AUTO_DOWNLOAD=false, or TRANSCRIBE_ENGINE names another engine).";
    case "present":
      return null;
  }
}

/** The speaker models' download, on the worker's line: which speaker detector its transcripts get. */
export function speakerModelsText(download: ModelDownload): string {
  switch (download.state) {
    case "downloading": {
      const bytes = download.bytes ?? 0;
      const of = download.total ? `${Math.floor((bytes / download.total) * 100)} % (${mb(bytes)} of ${mb(download.total)})` : mb(bytes);
      return `Speaker models: downloading, ${of}; the basic speaker detector is used until they are ready.`;
    }
    case "ready":
    case "present":
      return "Speaker models: ready.";
    case "failed":
      return `Speaker models: the download failed: ${(download.reason ?? "no reason given").replace(/([^.!?])$/, "$1.")} The basic speaker detector is used.`;
    case "off":
      return "Speaker models: off (SPEAKER_MODELS_AUTO_DOWNLOAD=false); the basic speaker detector is used.";
  }
}

type Workers = NonNullable<OperatorHealth["workers"]>;

const modelState = (workers: Workers | null | undefined, state: ModelDownload["state"]) =>
  (workers ?? []).some((w) => w.model?.state === state || w.speakers?.state === state);

function WorkerList({ workers }: { workers: Workers }) {
  if (workers.length === 0) return <p className="text-danger">No transcription worker is running: uploads wait in the queue until one starts (npm run worker).</p>;
  return (
    <ul className="text-muted-foreground" aria-label="Workers">
      {workers.map((w) => {
        const download = w.model && modelDownloadText(w.model);
        return (
          <li key={w.id}>
            {`Worker on ${w.host}: ${w.engine ? `${engineLabel(w.engine)}, ${w.capacity} at once, ${w.live_capacity} live recordings` : `no engine (${w.problem ?? "none available"})`}, ${w.busy ? "busy" : "idle"}.`}
            {download && <span className={w.model?.state === "failed" ? "text-danger" : undefined}>{` ${download}`}</span>}
            {w.speakers && <span className={w.speakers.state === "failed" ? "text-danger" : undefined}>{` ${speakerModelsText(w.speakers)}`}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The speech engine this server runs, above the settings: operators see what users get. */
export function EngineStatus() {
  const notify = useNotify();
  const [watchUntil, setWatchUntil] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const { data, error, mutate } = useAdminRead(urlOf(health), OperatorHealth, {
    refreshInterval: (latest) => (modelState(latest?.workers, "downloading") || Date.now() < watchUntil ? REFRESH_WHILE_DOWNLOADING_MS : 0),
  });

  async function retry() {
    setRetrying(true);
    const result = await retryModelDownload();
    setRetrying(false);
    if (!result.ok) return notify("error", modelRetryFailed(result));
    notify("success", modelRetryAsked(result.data.length));
    setWatchUntil(Date.now() + WATCH_AFTER_RETRY_MS);
    void mutate();
  }

  if (error) return <p className="text-sm text-danger">{`The speech engine's status could not be read: ${error.message}`}</p>;
  if (!data) return <p className="text-sm text-muted-foreground">{"Reading the speech engine's status…"}</p>;
  const { selected, problem, setup } = data.engine;
  const hint = engineSetupHint(selected);
  return (
    <section aria-label="Speech engine" className="flex flex-col gap-1 rounded-lg border border-border p-4 text-sm" data-testid="admin-engine-status">
      <h2 className="font-semibold">Speech engine</h2>
      <p>{selected ? `In use: ${engineLabel(selected)} (${selected}).` : `No speech engine: ${problem ?? "none is available."}`}</p>
      {setup && <p className="text-muted-foreground">{setup}</p>}
      {hint && <p data-testid="admin-engine-hint">{hint}</p>}
      <p data-testid="admin-formatting-status">{data.formatting.available ? `AI formatting: on (model ${data.formatting.model}).` : data.formatting.setup}</p>
      {data.queue && (
        <p className="text-muted-foreground">
          Queue: {data.queue.queued} waiting{data.queue.queued > 0 && ` (the oldest for ${formatDuration(data.queue.oldest_queued_s)})`}, {data.queue.running} running
          {data.queue.pieces.queued + data.queue.pieces.running > 0 &&
            `; pieces of long files: ${data.queue.pieces.queued} waiting, ${data.queue.pieces.running} being transcribed`}
          {data.queue.kinds.format.queued + data.queue.kinds.format.running > 0 &&
            `; formatting: ${data.queue.kinds.format.queued} waiting, ${data.queue.kinds.format.running} running`}
          {data.queue.kinds.mail.queued > 0 &&
            `; mail: ${data.queue.kinds.mail.queued} waiting (the oldest for ${formatDuration(data.queue.kinds.mail.oldest_queued_s)})`}
          .
        </p>
      )}
      {data.workers && <WorkerList workers={data.workers} />}
      {modelState(data.workers, "failed") && (
        <div>
          <Button variant="secondary" size="sm" disabled={retrying} onClick={() => void retry()}>
            Retry download
          </Button>
        </div>
      )}
    </section>
  );
}
