"use client";

import type { ApiFolder } from "@/lib/api/contract/folders";
import type { WorkspaceChoice } from "@/lib/api/contract/workspaces";
import { listWorkspaces } from "@/lib/api/endpoints/workspaces";
import { useApi } from "@/lib/api/use-api";
import { mayChangeIn, mayManageIn } from "@/lib/roles";
import type { Destination } from "./move-dialog";

const NO_FOLDERS: ApiFolder[] = [];

/**
 * What Move… offers in a space, by the rules the server applies (lib/roles.ts, used by
 * lib/workspaces/move.ts), so no choice is refused: filing within a workspace needs changing
 * rights; moving to another space needs managing this one (always so in one's personal space)
 * and changing rights there. `manages` also decides who may delete folders.
 */
export function useMoveDestinations(workspace: WorkspaceChoice | null, folders: ApiFolder[]) {
  const spacesQuery = useApi(listWorkspaces, {});
  const fileable = workspace && mayChangeIn(workspace.role) ? folders : NO_FOLDERS;
  const manages = !workspace || mayManageIn(workspace.role);
  const otherSpaces: Destination[] = manages
    ? [
        ...(workspace ? [{ kind: "space" as const, workspaceId: null, name: "Personal space" }] : []),
        ...(spacesQuery.data?.workspaces ?? [])
          .filter((w) => w.id !== workspace?.id && mayChangeIn(w.role))
          .map((w) => ({ kind: "space" as const, workspaceId: w.id, name: w.name })),
      ]
    : [];
  return { fileable, otherSpaces, manages, canMove: fileable.length > 0 || otherSpaces.length > 0 };
}
