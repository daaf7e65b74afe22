import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions, workspaceMembers, workspaces } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";

/** A workspace with its owner (rows as Better Auth's organization plugin writes them), for tests below the HTTP layer. */
export async function insertWorkspace(database: Database, ownerId: string, name = "Acme"): Promise<string> {
  const id = randomUUID();
  await database.insert(workspaces).values({ id, name, slug: `${name.toLowerCase()}-${id.slice(0, 8)}` });
  await addMember(database, id, ownerId, "owner");
  return id;
}

export async function addMember(database: Database, workspaceId: string, userId: string, role: WorkspaceRole): Promise<void> {
  await database.insert(workspaceMembers).values({ id: randomUUID(), workspaceId: workspaceId, userId, role });
}

/** Puts a transcription in a workspace, as uploading there would. */
export async function moveIntoWorkspace(database: Database, transcriptionId: string, workspaceId: string): Promise<void> {
  await database.update(transcriptions).set({ workspaceId }).where(eq(transcriptions.id, transcriptionId));
}
