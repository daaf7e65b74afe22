import { eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const [row] = await db()
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(id: string): Promise<User | undefined> {
  const [row] = await db().select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
