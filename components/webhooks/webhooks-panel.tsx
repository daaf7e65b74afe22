"use client";

import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { Section } from "@/components/account/section";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { call, detailOr, urlOf } from "@/lib/api/client";
import { WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_EVENT_NAMES, type ApiWebhook, type ApiWebhookDelivery, type WebhookEventName } from "@/lib/api/contract/webhooks";
import { createWebhook, deleteWebhook, enableWebhook, listWebhookDeliveries, listWebhooks, pingWebhook, rotateWebhookSecret } from "@/lib/api/endpoints/webhooks";
import { useApi } from "@/lib/api/use-api";
import { DeliveryLog, when } from "./delivery-log";

const EVENT_LABELS: Record<WebhookEventName, string> = {
  "transcription.done": "Transcription done",
  "transcription.failed": "Transcription failed",
};

const inARow = (n: number) => `${n} failed ${n === 1 ? "attempt" : "attempts in a row"}`;

/** What an endpoint's state means for its deliveries, in one sentence. */
function stateSentence(webhook: ApiWebhook): string {
  if (webhook.state === "disabled")
    return `Disabled${webhook.disabled_at ? ` on ${when(webhook.disabled_at)}` : ""} after ${inARow(webhook.consecutive_failures)}: events are logged but not sent until you enable it again.`;
  if (webhook.state === "backing_off" && webhook.paused_until)
    return `Backing off until ${when(webhook.paused_until)} after ${inARow(webhook.consecutive_failures)}; its deliveries wait until then. It is disabled after ${WEBHOOK_DISABLE_AFTER_FAILURES} in a row.`;
  return "Active.";
}

/** `whsec_AbC…` with the rest hidden until asked for. */
const masked = (secret: string) => `${secret.slice(0, 10)}${"•".repeat(16)}`;

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label={label}
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        Copy
      </Button>
      {copied === true && <span className="text-xs text-muted-foreground">Copied.</span>}
      {copied === false && <span className="text-xs text-muted-foreground">Copying failed: reveal it and copy it by hand.</span>}
    </>
  );
}

function WebhookItem({ webhook, onDelete, onChange }: { webhook: ApiWebhook; onDelete(): void; onChange(webhook: ApiWebhook): void }) {
  const [revealed, setRevealed] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [enabling, setEnabling] = useState(false);
  const [rotating, setRotating] = useState(false);
  const { mutate: revalidate } = useSWRConfig();
  const [error, setError] = useState("");

  async function sendTest() {
    setError("");
    const result = await call(pingWebhook, { params: { id: webhook.id } });
    if (!result.ok) return setError(detailOr(result, "The test could not be sent. Try again."));
    // The log opens with the test at its top, read afresh; it follows the test until it is delivered or fails.
    const log = urlOf(listWebhookDeliveries, { params: { id: webhook.id } });
    void revalidate(log, (current?: { deliveries: ApiWebhookDelivery[] }) => current && { deliveries: [result.data, ...current.deliveries] });
    setShowLog(true);
  }

  async function enable() {
    setEnabling(true);
    setError("");
    const result = await call(enableWebhook, { params: { id: webhook.id } });
    setEnabling(false);
    if (!result.ok) return setError(detailOr(result, "The webhook could not be enabled. Try again."));
    onChange(result.data);
  }

  async function rotate() {
    setError("");
    const result = await call(rotateWebhookSecret, { params: { id: webhook.id } });
    setRotating(false);
    if (!result.ok) return setError(detailOr(result, "The signing secret could not be changed. Try again."));
    setRevealed(true);
    onChange(result.data);
  }

  return (
    <li className="flex flex-col gap-2 py-3" data-testid="webhook">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-medium">{webhook.url}</p>
          <p className="text-sm text-muted-foreground">{webhook.events.map((e) => EVENT_LABELS[e]).join(" · ")}</p>
          <p data-testid="webhook-state" className={`text-sm ${webhook.state === "active" ? "text-muted-foreground" : "text-danger"}`}>
            {stateSentence(webhook)}
          </p>
        </div>
        <div className="flex gap-2">
          {webhook.state === "disabled" && (
            <Button type="button" size="sm" disabled={enabling} onClick={() => void enable()} aria-label={`Enable the webhook ${webhook.url} again`}>
              {enabling ? "Enabling…" : "Enable"}
            </Button>
          )}
          <Button type="button" size="sm" variant="secondary" onClick={() => void sendTest()} aria-label={`Send a test delivery to ${webhook.url}`}>
            Send test
          </Button>
          <Button type="button" size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
            {showLog ? "Hide deliveries" : "Deliveries"}
          </Button>
          <Button type="button" size="sm" variant="secondary" onClick={onDelete} aria-label={`Delete the webhook ${webhook.url}`}>
            Delete
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Signing secret</span>
        <code data-testid="webhook-secret" className="break-all rounded bg-input px-2 py-0.5 font-mono text-xs">
          {revealed ? webhook.secret : masked(webhook.secret)}
        </code>
        <Button type="button" size="sm" variant="ghost" onClick={() => setRevealed(!revealed)} aria-pressed={revealed}>
          {revealed ? "Hide" : "Reveal"}
        </Button>
        <CopyButton text={webhook.secret} label={`Copy the signing secret of ${webhook.url}`} />
        <Button type="button" size="sm" variant="ghost" onClick={() => setRotating(true)} aria-label={`Rotate the signing secret of ${webhook.url}`}>
          Rotate
        </Button>
      </div>
      <ConfirmDialog
        open={rotating}
        onOpenChange={setRotating}
        title="Rotate the signing secret?"
        description="Deliveries from now on, resends included, are signed with a new secret, and the current one stops working at once. Give your receiver the new secret right after."
        confirmLabel="Rotate secret"
        onConfirm={() => void rotate()}
      />
      {error && <Alert>{error}</Alert>}
      {showLog && <DeliveryLog webhook={webhook} />}
    </li>
  );
}

/**
 * The space's webhooks: URLs called when a transcription is done or fails, each delivery
 * signed with the webhook's secret (Verbatim-Signature) and retried for about an hour.
 */
export function WebhooksPanel({ workspaceName }: { workspaceName?: string | null }) {
  // While an endpoint backs off, its state follows (until when, then active again).
  const { data, error, mutate } = useApi(listWebhooks, {}, {
    refreshInterval: (latest) => (latest?.webhooks.some((w) => w.state === "backing_off") ? 5_000 : 0),
  });
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventName[]>([...WEBHOOK_EVENT_NAMES]);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState("");
  const [deleting, setDeleting] = useState<ApiWebhook | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState("");

  // A workspace's members and viewers may not manage its webhooks: the sentence, not a form.
  const refused = Boolean(error && !data && error.failure.status === 403);
  const toggle = (event: WebhookEventName, on: boolean) => setEvents((current) => WEBHOOK_EVENT_NAMES.filter((e) => (e === event ? on : current.includes(e))));

  async function add(event: FormEvent) {
    event.preventDefault();
    setAdding(true);
    setAddError("");
    const result = await call(createWebhook, { body: { url, events } });
    setAdding(false);
    if (!result.ok) return setAddError(detailOr(result, "The webhook could not be added. Try again."));
    setUrl("");
    await mutate((current) => current && { webhooks: [result.data, ...current.webhooks] });
  }

  async function remove(webhook: ApiWebhook) {
    setBusy(true);
    const result = await call(deleteWebhook, { params: { id: webhook.id } });
    setBusy(false);
    if (!result.ok) return setDeleteError(detailOr(result, "The webhook could not be deleted. Try again."));
    setDeleting(null);
    await mutate((current) => current && { webhooks: current.webhooks.filter((w) => w.id !== webhook.id) });
  }

  return (
    <Section
      title="Webhooks"
      description={`Verbatim calls these URLs when a transcription${workspaceName ? ` of the workspace “${workspaceName}”` : ""} is done or fails. Each call is signed with the webhook's secret in the Verbatim-Signature header, and retried for about an hour until your server answers 2xx within 5 seconds. A webhook that keeps failing backs off, and is disabled after ${WEBHOOK_DISABLE_AFTER_FAILURES} failed attempts in a row.`}
    >
      {!refused && (
        <form onSubmit={(e) => void add(e)} className="flex flex-col gap-3">
          <Field label="URL" type="url" value={url} onChange={(e) => setUrl(e.target.value)} maxLength={2048} placeholder="https://example.com/webhooks/verbatim" required />
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-medium">Events</legend>
            {WEBHOOK_EVENT_NAMES.map((e) => (
              <label key={e} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" checked={events.includes(e)} onChange={(change) => toggle(e, change.target.checked)} className="size-4 accent-primary" />
                {EVENT_LABELS[e]}
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={adding || events.length === 0}>
              {adding ? "Adding…" : "Add webhook"}
            </Button>
          </div>
        </form>
      )}
      {addError && (
        <div className="mt-3">
          <Alert>{addError}</Alert>
        </div>
      )}

      <div className="mt-6">
        {error && !data && <Alert>{error.message}</Alert>}
        {data && data.webhooks.length === 0 && <p className="text-sm text-muted-foreground">No webhooks yet.</p>}
        {data && data.webhooks.length > 0 && (
          <ul aria-label="Webhooks" className="flex flex-col divide-y divide-border">
            {data.webhooks.map((w) => (
              <WebhookItem
                key={w.id}
                webhook={w}
                onChange={(changed) => void mutate((current) => current && { webhooks: current.webhooks.map((x) => (x.id === changed.id ? changed : x)) })}
                onDelete={() => {
                  setDeleteError("");
                  setDeleting(w);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this webhook?"
        description={`${deleting?.url ?? ""} will no longer be called, and its delivery log is deleted with it.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {deleteError && <Alert>{deleteError}</Alert>}
      </ConfirmDialog>
    </Section>
  );
}
