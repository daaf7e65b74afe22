import { eq } from "drizzle-orm";
import { isOperator } from "@/lib/account/operators";
import type { Database, Tx } from "@/lib/db/client";
import { userAvatars, users } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE = "The picture is larger than 2 MB. Choose a smaller one.";

type StoredAvatar = typeof userAvatars.$inferSelect;

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

/** The type of an uploaded picture fit to keep: not empty, at most 2 MB, an image by its bytes. */
export function avatarImageType(bytes: Uint8Array): AvatarType {
  if (bytes.length === 0) throw new DomainError("unprocessable", "The picture is empty.");
  if (bytes.length > MAX_AVATAR_BYTES) throw new DomainError("too_large", AVATAR_TOO_LARGE);
  const type = detectImageType(bytes);
  if (!type) throw new DomainError("unsupported_media", "Use a PNG, JPEG, WebP or GIF picture.");
  return type;
}

function avatarUrl(userId: string, version: number): string {
  return `/api/avatars/${encodeURIComponent(userId)}?v=${version}`;
}

export async function saveAvatar(database: Database, userId: string, bytes: Buffer, contentType: AvatarType): Promise<string> {
  const url = avatarUrl(userId, Date.now());
  await database.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId, contentType, data: bytes })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { contentType, data: bytes, updatedAt: new Date() } });
    await tx.update(users).set({ image: url }).where(eq(users.id, userId));
  });
  return url;
}

export async function removeAvatar(database: Database, userId: string): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    await tx.update(users).set({ image: null }).where(eq(users.id, userId));
  });
}

/**
 * A profile picture, for its owner and for operators (the admin panel) only; anyone else
 * gets `not_found`, exactly as for a user without a picture.
 */
export async function loadAvatarFor(database: Database | Tx, viewer: { id: string; email: string }, userId: string): Promise<StoredAvatar> {
  const row = viewer.id === userId || isOperator(viewer.email) ? await loadAvatar(database, userId) : undefined;
  if (!row) throw new DomainError("not_found", "This user has no profile picture.");
  return row;
}

async function loadAvatar(database: Database | Tx, userId: string): Promise<StoredAvatar | undefined> {
  const [row] = await database.select().from(userAvatars).where(eq(userAvatars.userId, userId)).limit(1);
  return row;
}
