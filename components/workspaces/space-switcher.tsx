"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Alert } from "@/components/ui/alert";
import { listWorkspaces } from "@/lib/api/endpoints/workspaces";
import { useApi } from "@/lib/api/use-api";
import { NewWorkspaceDialog } from "./new-workspace-dialog";
import { switchSpace } from "./workspace-calls";

const PERSONAL = "personal";
const PERSONAL_LABEL = "Personal";

/**
 * The top bar's choice of space: the personal one or a workspace. The server keeps the choice
 * on the session (Better Auth's active organization); the dashboard then lists that space.
 */
export function SpaceSwitcher() {
  const router = useRouter();
  const { mutate: revalidate } = useSWRConfig();
  const { data, mutate } = useApi(listWorkspaces, {});
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState("");
  const active = data?.workspaces.find((w) => w.id === data.active_id) ?? null;
  const label = active?.name ?? PERSONAL_LABEL;

  /** Everything read so far belongs to the space left behind: the pages and every cached answer are read again. */
  function shown() {
    void mutate();
    void revalidate(() => true);
    router.push("/dashboard");
    router.refresh();
  }

  async function choose(value: string) {
    const id = value === PERSONAL ? null : value;
    // Before the list has loaded, the active space is not known: the choice is sent all the same.
    if (data && id === data.active_id) return;
    setProblem("");
    const refused = await switchSpace(id);
    if (refused) {
      setProblem(refused);
      return;
    }
    shown();
  }

  const item = "flex cursor-pointer items-center justify-between gap-4 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted";
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={`Space: ${label}. Change space`}
            className="flex h-9 min-w-0 max-w-[9rem] items-center gap-1 rounded-lg border border-border px-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-accent sm:max-w-[14rem]"
          >
            <span className="truncate" data-testid="space-name">
              {label}
            </span>
            <svg aria-hidden width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0">
              <path d="M6 9l6 6 6-6" />
            </svg>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={6} className="z-50 max-h-[70dvh] min-w-56 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-border bg-card p-1 shadow-lg">
            <DropdownMenu.Label className="px-2 py-1 text-xs text-muted-foreground">Show the transcriptions of</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={data?.active_id ?? PERSONAL} onValueChange={(v) => void choose(v)}>
              <DropdownMenu.RadioItem value={PERSONAL} className={item}>
                {PERSONAL_LABEL}
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
              {data?.workspaces.map((w) => (
                <DropdownMenu.RadioItem key={w.id} value={w.id} className={item}>
                  <span className="truncate">{w.name}</span>
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            {active && (
              <DropdownMenu.Item asChild className={item}>
                <Link href="/workspace">Workspace settings</Link>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={item} onSelect={() => setCreating(true)}>
              New workspace…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {problem && (
        <div className="fixed inset-x-4 top-16 z-50 mx-auto flex max-w-md flex-col gap-2 rounded-lg bg-card shadow-lg">
          <Alert>
            {problem}{" "}
            <button type="button" className="font-medium underline" onClick={() => setProblem("")}>
              Dismiss
            </button>
          </Alert>
        </div>
      )}
      <NewWorkspaceDialog open={creating} onOpenChange={setCreating} refusal={data && !data.may_create ? data.create_refusal : null} onCreated={shown} />
    </>
  );
}
