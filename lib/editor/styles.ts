import { randomUUID } from "node:crypto";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptionStyles, type TranscriptionStyle } from "@/lib/db/schema";

export const MAX_STYLES_PER_USER = 50;

export interface StyleFields {
  name: string;
  instructions: string;
}

export function toApiStyle(s: TranscriptionStyle) {
  return { id: s.id, name: s.name, instructions: s.instructions, created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString() };
}
export type ApiStyle = ReturnType<typeof toApiStyle>;

export type StyleOutcome = { ok: true; style: TranscriptionStyle } | { ok: false; status: 404 | 409 | 422; detail: string };

const mine = (userId: string, id: string) => and(eq(transcriptionStyles.userId, userId), eq(transcriptionStyles.id, id));

export async function listStyles(database: Database, userId: string): Promise<TranscriptionStyle[]> {
  return database.select().from(transcriptionStyles).where(eq(transcriptionStyles.userId, userId)).orderBy(asc(transcriptionStyles.name));
}

export async function findStyle(database: Database, userId: string, id: string): Promise<TranscriptionStyle | undefined> {
  const [row] = await database.select().from(transcriptionStyles).where(mine(userId, id));
  return row;
}

async function nameTaken(database: Database, userId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await database
    .select({ id: transcriptionStyles.id })
    .from(transcriptionStyles)
    .where(and(eq(transcriptionStyles.userId, userId), eq(transcriptionStyles.name, name), exceptId ? ne(transcriptionStyles.id, exceptId) : undefined));
  return Boolean(row);
}

const taken = (name: string) => ({ ok: false as const, status: 409 as const, detail: `You already have a style named "${name}".` });

/** True for PostgreSQL's unique violation (two saves racing past the name check). */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === "23505" || cause.cause?.code === "23505";
}

export async function createStyle(database: Database, userId: string, fields: StyleFields): Promise<StyleOutcome> {
  const [{ n }] = await database.select({ n: count() }).from(transcriptionStyles).where(eq(transcriptionStyles.userId, userId));
  if (n >= MAX_STYLES_PER_USER) {
    return { ok: false, status: 422, detail: `You can keep at most ${MAX_STYLES_PER_USER} styles. Delete one first.` };
  }
  if (await nameTaken(database, userId, fields.name)) return taken(fields.name);
  try {
    const [style] = await database.insert(transcriptionStyles).values({ id: randomUUID(), userId, ...fields }).returning();
    return { ok: true, style };
  } catch (error) {
    if (isUniqueViolation(error)) return taken(fields.name);
    throw error;
  }
}

export async function updateStyle(database: Database, userId: string, id: string, fields: StyleFields): Promise<StyleOutcome> {
  if (await nameTaken(database, userId, fields.name, id)) return taken(fields.name);
  try {
    const [style] = await database.update(transcriptionStyles).set(fields).where(mine(userId, id)).returning();
    return style ? { ok: true, style } : { ok: false, status: 404, detail: "This style does not exist." };
  } catch (error) {
    if (isUniqueViolation(error)) return taken(fields.name);
    throw error;
  }
}

export async function deleteStyle(database: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await database.delete(transcriptionStyles).where(mine(userId, id)).returning({ id: transcriptionStyles.id });
  return deleted.length > 0;
}
