import { eq } from "drizzle-orm";
import { isOperator } from "@/lib/auth/operators";
import { db } from "@/lib/db/client";
import { userAvatars, users } from "@/lib/db/schema";

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export type AvatarType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

/** The image type by its first bytes; the declared content type is not trusted. */
export function detectImageType(bytes: Uint8Array): AvatarType | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

function avatarUrl(userId: string, version: number): string {
  return `/api/avatars/${encodeURIComponent(userId)}?v=${version}`;
}

export async function saveAvatar(userId: string, bytes: Buffer, contentType: AvatarType): Promise<string> {
  const url = avatarUrl(userId, Date.now());
  await db().transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId, contentType, data: bytes })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { contentType, data: bytes, updatedAt: new Date() } });
    await tx.update(users).set({ image: url }).where(eq(users.id, userId));
  });
  return url;
}

export async function removeAvatar(userId: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    await tx.update(users).set({ image: null }).where(eq(users.id, userId));
  });
}

/**
 * A profile picture, for its owner and for operators (the admin panel) only; anyone else
 * gets nothing, exactly as for a user without a picture.
 */
export async function loadAvatarFor(viewer: { id: string; email: string }, userId: string) {
  if (viewer.id !== userId && !isOperator(viewer.email)) return undefined;
  return loadAvatar(userId);
}

async function loadAvatar(userId: string) {
  const [row] = await db().select().from(userAvatars).where(eq(userAvatars.userId, userId)).limit(1);
  return row;
}
