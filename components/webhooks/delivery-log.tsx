"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { call, detailOr } from "@/lib/api/client";
import type { ApiDeliveryAttempt, ApiWebhook, ApiWebhookDelivery } from "@/lib/api/contract/webhooks";
import { listWebhookDeliveries, resendWebhookDelivery } from "@/lib/api/endpoints/webhooks";
import { useApi } from "@/lib/api/use-api";

/** A moment as the reader's locale writes it, to the second. */
export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

const STATUS_LABELS: Record<ApiWebhookDelivery["status"], string> = { pending: "Sending", delivered: "Delivered", failed: "Failed" };

/** One line of a delivery's history. */
function attemptSentence(attempt: ApiDeliveryAttempt): string {
  if (attempt.outcome === "delivered") return `Delivered: the endpoint answered with status ${attempt.status ?? "2xx"}.`;
  return attempt.message ?? "The attempt failed.";
}

/** A webhook's delivery log (the latest 50), each failed or delivered one with a Resend button. */
export function DeliveryLog({ webhook }: { webhook: ApiWebhook }) {
  // While something is being sent, the log follows it.
  const { data, error, mutate } = useApi(listWebhookDeliveries, { params: { id: webhook.id } }, {
    refreshInterval: (latest) => (latest?.deliveries.some((d) => d.status === "pending") ? 3_000 : 0),
  });
  const [resending, setResending] = useState<string | null>(null);
  const [failure, setFailure] = useState("");

  async function resend(delivery: ApiWebhookDelivery) {
    setResending(delivery.id);
    setFailure("");
    const result = await call(resendWebhookDelivery, { params: { id: delivery.id } });
    setResending(null);
    if (!result.ok) return setFailure(detailOr(result, "The delivery could not be resent. Try again."));
    await mutate((current) => current && { deliveries: current.deliveries.map((d) => (d.id === result.data.id ? result.data : d)) });
  }

  if (error && !data) return <Alert>{error.message}</Alert>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading deliveries…</p>;
  if (!data.deliveries.length) return <p className="text-sm text-muted-foreground">No deliveries yet: one is sent when a transcription of this space is done or fails, or when you send a test.</p>;
  return (
    <div className="flex flex-col gap-2">
      {failure && <Alert>{failure}</Alert>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={`Deliveries to ${webhook.url}`}>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-3 font-medium">Time</th>
              <th className="py-1 pr-3 font-medium">Event</th>
              <th className="py-1 pr-3 font-medium">Transcription</th>
              <th className="py-1 pr-3 font-medium">Status</th>
              <th className="py-1 pr-3 font-medium">Attempts</th>
              <th className="py-1 pr-3 font-medium">Response</th>
              <th className="py-1 pr-3 font-medium">Error</th>
              <th className="py-1 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {data.deliveries.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery">
                <td className="py-1 pr-3 whitespace-nowrap">{when(d.created_at)}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{d.event}</td>
                <td className="max-w-48 truncate py-1 pr-3">
                  {d.transcription_id ? (
                    <a href={`/transcription/${d.transcription_id}`} className="text-accent hover:underline">
                      {d.transcription_title ?? d.transcription_id}
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="py-1 pr-3">{STATUS_LABELS[d.status]}</td>
                <td className="py-1 pr-3">
                  {d.attempt_log.length ? (
                    <details>
                      <summary className="cursor-pointer" aria-label={`${d.attempts} attempts: show the history`}>
                        {d.attempts}
                      </summary>
                      <ol className="mt-1 flex min-w-64 flex-col gap-1 text-xs" aria-label="Attempt history">
                        {d.attempt_log.map((a, i) => (
                          <li key={i} data-testid="webhook-attempt">
                            <span className="text-muted-foreground">{when(a.at)}</span> {attemptSentence(a)}
                          </li>
                        ))}
                      </ol>
                    </details>
                  ) : (
                    d.attempts
                  )}
                </td>
                <td className="py-1 pr-3">{d.response_status ?? "—"}</td>
                <td className="py-1 pr-3 break-words">{d.error ?? ""}</td>
                <td className="py-1 text-right">
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={d.status === "pending" || resending === d.id}
                    onClick={() => void resend(d)}
                    aria-label={`Resend the ${d.event} delivery of ${when(d.created_at)}`}
                  >
                    {resending === d.id ? "Resending…" : "Resend"}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
