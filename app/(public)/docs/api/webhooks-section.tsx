import { openApiDocument } from "@/lib/api-docs/openapi";
import { VERIFY_EXAMPLE } from "@/lib/api-docs/openapi-examples";

const pClass = "mt-2 leading-relaxed text-[var(--muted-foreground)]";
const codeBlock = "mt-2 overflow-x-auto rounded-lg bg-[var(--muted)] p-3 font-mono text-sm";

interface WebhookEvent {
  summary: string;
  description: string;
  parameters: Array<{ name: string; description?: string }>;
}

/** /docs/api's part on what a webhook receives: each event, the headers, the signature and its check, the retries (the document's `webhooks`). */
export function WebhooksSection() {
  const events = Object.entries(openApiDocument().webhooks).map(([name, item]) => [name, item.post as unknown as WebhookEvent] as const);
  const headers = events[0]?.[1].parameters ?? [];
  return (
    <section aria-labelledby="webhook-events" className="mt-10">
      <h2 id="webhook-events" className="text-2xl font-semibold">
        What a webhook receives
      </h2>
      <p className={pClass}>
        A JSON <code>POST</code> to the webhook&apos;s URL for each event it was made for, signed with its secret. The payload of each is described in the OpenAPI
        document&apos;s <code>webhooks</code> section.
      </p>
      <dl className="mt-2 text-sm">
        {events.map(([name, event]) => (
          <div key={name} className="mt-3">
            <dt className="font-mono font-semibold">{name}</dt>
            <dd className="text-[var(--muted-foreground)]">
              {event.summary}. {event.description}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-lg font-semibold">Headers</h3>
      <dl className="mt-2 text-sm">
        {headers.map((h) => (
          <div key={h.name} className="mt-2">
            <dt className="font-mono">{h.name}</dt>
            {h.description && <dd className="text-[var(--muted-foreground)]">{h.description}</dd>}
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-lg font-semibold">Checking the signature</h3>
      <p className={pClass}>On the raw body, before parsing it (the client exports the same check as <code>verifyWebhookSignature</code>):</p>
      <pre className={codeBlock}>{VERIFY_EXAMPLE}</pre>
    </section>
  );
}
