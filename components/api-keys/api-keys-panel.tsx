"use client";

import { useState, type FormEvent } from "react";
import { Section } from "@/components/account/section";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Labelled } from "@/components/ui/field";
import { call, detailOr } from "@/lib/api/client";
import type { ApiKeyItem, CreatedApiKey } from "@/lib/api/contract/api-keys";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/api/endpoints/api-keys";
import { useApi } from "@/lib/api/use-api";

const SCOPE_LABELS: Record<ApiKeyItem["scope"], string> = { read: "Read only", write: "Read and write" };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "Never");

/** The token of a key just made: shown here once, with a copy button. */
function NewToken({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-muted/40 p-4">
      <p className="font-medium">Your new key “{created.name}”</p>
      <p className="text-sm text-muted-foreground">You won&apos;t see this key again. Copy it now and keep it somewhere safe.</p>
      <code data-testid="new-api-key" className="break-all rounded bg-input px-2 py-1 font-mono text-sm">
        {created.token}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(created.token).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy key
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
        {copied === true && <span className="text-sm text-muted-foreground">Copied.</span>}
        {copied === false && <span className="text-sm text-muted-foreground">Copying failed: select the key and copy it.</span>}
      </div>
    </div>
  );
}

/** The space's API keys: make one (its token shown once), see when each was last used, revoke. */
export function ApiKeysPanel({ workspaceName }: { workspaceName?: string | null }) {
  const { data, error, mutate } = useApi(listApiKeys, {});
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyItem["scope"]>("read");
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [revokeError, setRevokeError] = useState("");

  async function create(event: FormEvent) {
    event.preventDefault();
    setCreating(true);
    setCreateError("");
    const result = await call(createApiKey, { body: { name, scope } });
    setCreating(false);
    if (!result.ok) return setCreateError(detailOr(result, "The key could not be created. Try again."));
    setCreated(result.data);
    setName("");
    // The list never holds the token: it is shown once, above.
    const listed: ApiKeyItem = { ...result.data };
    delete (listed as Partial<CreatedApiKey>).token;
    await mutate((current) => current && { api_keys: [listed, ...current.api_keys] });
  }

  async function revoke(key: ApiKeyItem) {
    setBusy(true);
    const result = await call(revokeApiKey, { params: { id: key.id } });
    setBusy(false);
    if (!result.ok) return setRevokeError(detailOr(result, "The key could not be revoked. Try again."));
    setRevoking(null);
    if (created?.id === key.id) setCreated(null);
    await mutate((current) => current && { api_keys: current.api_keys.filter((k) => k.id !== key.id) });
  }

  return (
    <Section
      title="API keys"
      description={`Keys let scripts and other tools use the REST API${workspaceName ? ` in the workspace “${workspaceName}”` : " as you"}: send one as “Authorization: Bearer …”. Read keys can list, read and export; write keys can also upload and delete.`}
    >
      <form onSubmit={(e) => void create(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field label="Key name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="e.g. Nightly import" required />
        </div>
        <Labelled htmlFor="api-key-scope" label="Scope">
          <select
            id="api-key-scope"
            value={scope}
            onChange={(e) => setScope(e.target.value === "write" ? "write" : "read")}
            className="h-11 rounded-t-md border-0 border-b-2 border-border bg-input px-3 text-base outline-none focus:border-primary"
          >
            <option value="read">{SCOPE_LABELS.read}</option>
            <option value="write">{SCOPE_LABELS.write}</option>
          </select>
        </Labelled>
        <Button type="submit" disabled={creating}>
          {creating ? "Creating…" : "Create key"}
        </Button>
      </form>
      {createError && (
        <div className="mt-3">
          <Alert>{createError}</Alert>
        </div>
      )}
      {created && (
        <div className="mt-4">
          <NewToken created={created} onDone={() => setCreated(null)} />
        </div>
      )}

      <div className="mt-6">
        {error && !data && <Alert>{error.message}</Alert>}
        {data && data.api_keys.length === 0 && <p className="text-sm text-muted-foreground">No API keys yet.</p>}
        {data && data.api_keys.length > 0 && (
          <ul aria-label="API keys" className="flex flex-col divide-y divide-border">
            {data.api_keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="break-words font-medium">{key.name}</p>
                  <p className="text-sm text-muted-foreground">
                    <code className="font-mono">{key.prefix}…</code> · {SCOPE_LABELS[key.scope]} · created {when(key.created_at)} · last used {when(key.last_used_at)}
                  </p>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setRevokeError("");
                    setRevoking(key);
                  }}
                  aria-label={`Revoke ${key.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke the key “${revoking?.name ?? ""}”?`}
        description="Scripts using it are refused from their next request. This cannot be undone."
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
      >
        {revokeError && <Alert>{revokeError}</Alert>}
      </ConfirmDialog>
    </Section>
  );
}
