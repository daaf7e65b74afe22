"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { Modal, ModalCloseButton } from "@/components/ui/modal";
import { call } from "@/lib/api/client";
import { useApi } from "@/lib/api/use-api";
import { SHARE_LINK_EXPIRY_DAYS, type ShareLinkItem } from "@/lib/api/contract/sharing";
import { createShareLink, listShareLinks, revokeShareLink } from "@/lib/api/endpoints/sharing";

type Expiry = (typeof SHARE_LINK_EXPIRY_DAYS)[number] | null;

const EXPIRY_LABEL = (days: Expiry) => (days === null ? "Never" : days === 1 ? "In 1 day" : `In ${days} days`);

function when(iso: string | null, never: string): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : never;
}

/** Copies to the clipboard; false where that is not allowed (a page on plain http, old browsers): the link can be selected by hand. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function LinkRow({ link, onRevoke }: { link: ShareLinkItem; onRevoke(link: ShareLinkItem): void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const options = [link.allow_export ? "exports allowed" : "no exports", link.show_speakers ? "speakers shown" : "speakers hidden"].join(" · ");
  return (
    <li className="flex flex-col gap-2 px-3 py-3 text-sm" data-testid="share-link">
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={link.url}
          aria-label="Share link"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-t-md border-0 border-b-2 border-border bg-input px-2 py-1 font-mono text-xs"
          data-testid="share-link-url"
        />
        <Button type="button" size="sm" variant="secondary" onClick={() => void copy(link.url).then(setCopied)}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      {copied === false && <p className="text-xs text-muted-foreground">Copying is not allowed here: select the link and copy it by hand.</p>}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>{options}</span>
        <span className={link.expired ? "font-medium text-danger" : undefined}>
          {link.expired ? `Expired ${when(link.expires_at, "")}` : `Expires: ${when(link.expires_at, "never")}`}
        </span>
        <span>Last opened: {when(link.last_opened_at, "not yet")}</span>
        <Button type="button" size="sm" variant="ghost" className="ml-auto" onClick={() => onRevoke(link)}>Revoke</Button>
      </div>
    </li>
  );
}

/**
 * The transcript's share links, for its owner or a workspace admin (the page shows the button
 * only to them; the server decides either way): make one with its options, copy it again, see
 * when it was last opened, revoke it.
 */
export function ShareDialog({ transcriptionId, open, onOpenChange }: { transcriptionId: string; open: boolean; onOpenChange(open: boolean): void }) {
  const [error, setError] = useState<string | null>(null);
  const [allowExport, setAllowExport] = useState(true);
  const [showSpeakers, setShowSpeakers] = useState(true);
  const [expiry, setExpiry] = useState<Expiry>(null);
  const [busy, setBusy] = useState(false);
  const params = { id: transcriptionId };

  // Read while the dialog is open (and again when the window regains focus: "last opened" moves).
  const list = useApi(listShareLinks, open ? { params } : null);
  const links = list.data?.links ?? null;
  const setLinks = (change: (current: ShareLinkItem[]) => ShareLinkItem[]) =>
    void list.mutate((current) => ({ links: change(current?.links ?? []) }), { revalidate: false });

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await call(createShareLink, { params, body: { allow_export: allowExport, show_speakers: showSpeakers, expires_in_days: expiry } });
    setBusy(false);
    if (!result.ok) return setError(result.text);
    setLinks((current) => [result.data, ...current]);
  }

  async function revoke(link: ShareLinkItem) {
    setError(null);
    const result = await call(revokeShareLink, { params: { id: link.id } });
    // Already revoked elsewhere (404): it is gone either way.
    if (result.ok || result.status === 404) setLinks((current) => current.filter((l) => l.id !== link.id));
    else setError(result.text);
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Share a read-only link"
      description="Anyone with the link can read the transcript and play its audio, without an account. Search engines do not index it."
      width="max-w-xl"
    >
      <form onSubmit={create} className="flex flex-col gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={allowExport} onChange={(e) => setAllowExport(e.target.checked)} /> Allow downloads (exports)
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={showSpeakers} onChange={(e) => setShowSpeakers(e.target.checked)} /> Show speaker names
        </label>
        <label className="flex items-center gap-2">
          Expires
          <select
            value={expiry === null ? "" : String(expiry)}
            onChange={(e) => setExpiry(e.target.value === "" ? null : (Number(e.target.value) as Expiry))}
            className="rounded-t-md border-0 border-b-2 border-border bg-input px-2 py-1"
          >
            {[null, ...SHARE_LINK_EXPIRY_DAYS].map((d) => (
              <option key={String(d)} value={d === null ? "" : String(d)}>{EXPIRY_LABEL(d)}</option>
            ))}
          </select>
        </label>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>{busy ? "Creating…" : "Create link"}</Button>
        </div>
      </form>
      {(error ?? list.error?.message) && <div className="mt-3"><Alert>{error ?? list.error?.message}</Alert></div>}
      <h3 className="mt-5 text-sm font-semibold">Links</h3>
      {links === null ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading…</p>
      ) : links.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No links yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="share-links">
          {links.map((link) => <LinkRow key={link.id} link={link} onRevoke={(l) => void revoke(l)} />)}
        </ul>
      )}
      <ModalCloseButton />
    </Modal>
  );
}
