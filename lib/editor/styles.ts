import type { ApiStyle } from "@/lib/api/contract/transcription";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptionStyles, type TranscriptionStyle } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { isUniqueViolation } from "@/lib/db/errors";

export const MAX_STYLES_PER_USER = 50;

export interface StyleFields {
  name: string;
  instructions: string;
}

export function toApiStyle(s: TranscriptionStyle): ApiStyle {
  return { id: s.id, name: s.name, instructions: s.instructions, created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString() };
}

export const STYLE_NOT_FOUND = "This style does not exist.";

const mine = (userId: string, id: string) => and(eq(transcriptionStyles.userId, userId), eq(transcriptionStyles.id, id));

export async function listStyles(database: Database, userId: string): Promise<TranscriptionStyle[]> {
  return database.select().from(transcriptionStyles).where(eq(transcriptionStyles.userId, userId)).orderBy(asc(transcriptionStyles.name));
}

/** The user's style `id`; anyone else's (or none) is not_found. */
export async function ownedStyle(database: Database, userId: string, id: string): Promise<TranscriptionStyle> {
  const [row] = await database.select().from(transcriptionStyles).where(mine(userId, id));
  if (!row) throw new DomainError("not_found", STYLE_NOT_FOUND);
  return row;
}

async function nameTaken(database: Database, userId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await database
    .select({ id: transcriptionStyles.id })
    .from(transcriptionStyles)
    .where(and(eq(transcriptionStyles.userId, userId), eq(transcriptionStyles.name, name), exceptId ? ne(transcriptionStyles.id, exceptId) : undefined));
  return Boolean(row);
}

const taken = (name: string) => new DomainError("conflict", `You already have a style named "${name}".`);

export async function createStyle(database: Database, userId: string, fields: StyleFields): Promise<TranscriptionStyle> {
  const [{ n }] = await database.select({ n: count() }).from(transcriptionStyles).where(eq(transcriptionStyles.userId, userId));
  if (n >= MAX_STYLES_PER_USER) {
    throw new DomainError("unprocessable", `You can keep at most ${MAX_STYLES_PER_USER} styles. Delete one first.`);
  }
  if (await nameTaken(database, userId, fields.name)) throw taken(fields.name);
  try {
    const [style] = await database.insert(transcriptionStyles).values({ id: randomUUID(), userId, ...fields }).returning();
    return style;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(fields.name);
    throw error;
  }
}

export async function updateStyle(database: Database, userId: string, id: string, fields: StyleFields): Promise<TranscriptionStyle> {
  if (await nameTaken(database, userId, fields.name, id)) throw taken(fields.name);
  let style: TranscriptionStyle | undefined;
  try {
    [style] = await database.update(transcriptionStyles).set(fields).where(mine(userId, id)).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(fields.name);
    throw error;
  }
  if (!style) throw new DomainError("not_found", STYLE_NOT_FOUND);
  return style;
}

export async function deleteStyle(database: Database, userId: string, id: string): Promise<void> {
  const deleted = await database.delete(transcriptionStyles).where(mine(userId, id)).returning({ id: transcriptionStyles.id });
  if (!deleted.length) throw new DomainError("not_found", STYLE_NOT_FOUND);
}
