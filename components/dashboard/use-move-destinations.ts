"use client";

import type { ApiFolder } from "@/lib/api/contract/folders";
import { WorkspaceList, type WorkspaceChoice } from "@/lib/api/contract/workspaces";
import { useApi } from "@/lib/api/use-api";
import type { Destination } from "./move-dialog";

const NO_FOLDERS: ApiFolder[] = [];

/**
 * What Move… offers in a space: the server's rules (lib/workspaces/move.ts), so no choice is
 * refused. Anyone but a viewer files within a workspace; moving to another space needs
 * managing this one (owner or admin; always in one's personal space) and at least member
 * rights there. `manages` also decides who may delete.
 */
export function useMoveDestinations(workspace: WorkspaceChoice | null, folders: ApiFolder[]) {
  const spacesQuery = useApi("/api/workspaces", WorkspaceList);
  const role = workspace?.role ?? null;
  const fileable = workspace && role !== "viewer" ? folders : NO_FOLDERS;
  const manages = !workspace || role === "owner" || role === "admin";
  const otherSpaces: Destination[] = manages
    ? [
        ...(workspace ? [{ kind: "space" as const, workspaceId: null, name: "Personal space" }] : []),
        ...(spacesQuery.data?.workspaces ?? [])
          .filter((w) => w.id !== workspace?.id && w.role !== "viewer")
          .map((w) => ({ kind: "space" as const, workspaceId: w.id, name: w.name })),
      ]
    : [];
  return { fileable, otherSpaces, manages, canMove: fileable.length > 0 || otherSpaces.length > 0 };
}
