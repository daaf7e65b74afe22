import type { Metadata } from "next";
import Link from "next/link";
import { urlOf } from "@/lib/api/client";
import { openApi } from "@/lib/api/endpoints/service";
import { openApiDocument, type Parameter } from "@/lib/api-docs/openapi";
import { EXAMPLE_PLACEHOLDERS } from "@/lib/api-docs/openapi-examples";
import { ClientSection } from "./client-section";
import { WebhooksSection } from "./webhooks-section";

export const metadata: Metadata = {
  // The root layout's template appends "· Verbatim".
  title: "REST API",
  description: "Upload audio, read and export transcripts from scripts with an API key.",
};

// Rendered per request like every page behind the proxy: its scripts need the nonce.
export const dynamic = "force-dynamic";

const METHOD_ORDER = ["get", "post", "put", "patch", "head", "delete"] as const;
const pClass = "mt-2 leading-relaxed text-[var(--muted-foreground)]";
const codeBlock = "mt-2 overflow-x-auto rounded-lg bg-[var(--muted)] p-3 font-mono text-sm";

interface ShownOperation {
  path: string;
  method: (typeof METHOD_ORDER)[number];
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  scope?: "read" | "write";
  parameters: Parameter[];
  requestTypes: string[];
  responses: Array<[string, string]>;
  example: string;
}

function operations(): ShownOperation[] {
  const doc = openApiDocument();
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHOD_ORDER.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      return [
        {
          path,
          method,
          operationId: op.operationId,
          summary: op.summary,
          description: op.description,
          tag: op.tags[0] ?? "",
          scope: op["x-api-key-scope"],
          parameters: op.parameters ?? [],
          requestTypes: Object.keys(op.requestBody?.content ?? {}),
          responses: Object.entries(op.responses).map(([code, r]) => [code, r.description] as [string, string]),
          example: op["x-codeSamples"]?.[0]?.source ?? "",
        },
      ];
    }),
  );
}

function typeOf(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  return typeof schema.type === "string" ? schema.type : "string";
}

export default function ApiDocsPage() {
  const ops = operations();
  const tags = [...new Set(ops.map((o) => o.tag))];
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <header className="mb-8">
        <Link href="/" className="text-xl font-semibold text-primary">
          <span aria-hidden>← </span>Back to Verbatim
        </Link>
      </header>
      <h1 className="text-3xl font-semibold">REST API</h1>
      <p className={pClass}>
        Upload audio, follow transcriptions and export transcripts from your own scripts. Make an API key on the{" "}
        <Link href="/developers" className="underline underline-offset-2">
          Developers
        </Link>{" "}
        page and send it with every request as <code>Authorization: Bearer vbt_…</code>. A read key reads transcriptions, folders and the upload
        options; a write key may also upload, delete, file, share and manage the space&apos;s webhooks. A key works in the space it was made in. Each key may make 120 requests a minute: every answer says how many are left (
        <code>RateLimit-Remaining</code>) and when the count starts again (<code>RateLimit-Reset</code>, in seconds); past it, 429 with <code>Retry-After</code>.
        Every error, whatever its status, answers <code>{'{ "detail": "a sentence" }'}</code>.
      </p>
      <p className={pClass}>
        The machine-readable description (OpenAPI 3.1) is at{" "}
        <a href={urlOf(openApi)} className="underline underline-offset-2">
          {urlOf(openApi)}
        </a>
        .
      </p>
      <pre className={codeBlock}>{`export VERBATIM_URL=https://your-verbatim.example
export VERBATIM_API_KEY=vbt_…
curl "$VERBATIM_URL/api/transcriptions" -H "Authorization: Bearer $VERBATIM_API_KEY"`}</pre>
      <section aria-labelledby="placeholders" className="mt-6">
        <h2 id="placeholders" className="text-xl font-semibold">
          In the examples
        </h2>
        <p className={pClass}>Every example runs as printed once these are replaced (our tests run each one against a real server):</p>
        <dl className="mt-2 text-sm">
          {Object.entries(EXAMPLE_PLACEHOLDERS).map(([name, meaning]) => (
            <div key={name} className="flex gap-2">
              <dt className="font-mono">{name}</dt>
              <dd className="text-[var(--muted-foreground)]">{meaning}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ClientSection />
      <WebhooksSection />

      <nav aria-label="Operations" className="mt-8">
        <ul className="list-disc space-y-1 pl-6">
          {ops.map((op) => (
            <li key={op.operationId}>
              <a href={`#${op.operationId}`} className="underline underline-offset-2">
                <code>{op.method.toUpperCase()}</code> {op.path}
              </a>{" "}
              — {op.summary}
            </li>
          ))}
        </ul>
      </nav>

      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag}`} className="mt-12">
          <h2 id={`tag-${tag}`} className="text-2xl font-semibold">
            {tag}
          </h2>
          {ops
            .filter((op) => op.tag === tag)
            .map((op) => (
              <article key={op.operationId} id={op.operationId} className="mt-8 rounded-xl border border-[var(--border)] p-5">
                <h3 className="font-mono text-lg font-semibold">
                  {op.method.toUpperCase()} {op.path}
                </h3>
                <p className="mt-1 font-medium">{op.summary}</p>
                {op.description && <p className={`${pClass} whitespace-pre-line`}>{op.description}</p>}
                <p className="mt-2 text-sm">
                  {op.scope ? `API key: ${op.scope === "read" ? "read or write" : "write"}.` : "Signed-in browser session only (not with an API key)."}
                </p>
                {op.parameters.length > 0 && (
                  <table className="mt-3 w-full text-left text-sm">
                    <caption className="sr-only">Parameters of {op.summary}</caption>
                    <thead>
                      <tr>
                        <th scope="col" className="py-1 pr-3">
                          Parameter
                        </th>
                        <th scope="col" className="py-1 pr-3">
                          In
                        </th>
                        <th scope="col" className="py-1 pr-3">
                          Type
                        </th>
                        <th scope="col" className="py-1 pr-3">
                          Required
                        </th>
                        <th scope="col" className="py-1">
                          Meaning
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {op.parameters.map((p) => (
                        <tr key={`${p.in}-${p.name}`} className="border-t border-[var(--border)]">
                          <td className="py-1 pr-3 font-mono">{p.name}</td>
                          <td className="py-1 pr-3">{p.in}</td>
                          <td className="py-1 pr-3 font-mono">{typeOf(p.schema)}</td>
                          <td className="py-1 pr-3">{p.required ? "yes" : "no"}</td>
                          <td className="py-1 text-[var(--muted-foreground)]">{p.description ?? ""}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {op.requestTypes.length > 0 && <p className="mt-3 text-sm">Body: {op.requestTypes.join(", ")}</p>}
                <dl className="mt-3 text-sm">
                  {op.responses.map(([code, description]) => (
                    <div key={code} className="flex gap-2">
                      <dt className="font-mono">{code}</dt>
                      <dd className="text-[var(--muted-foreground)]">{description}</dd>
                    </div>
                  ))}
                </dl>
                <pre className={codeBlock}>{op.example}</pre>
              </article>
            ))}
        </section>
      ))}
    </main>
  );
}
