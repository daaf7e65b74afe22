import { eq } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";

export async function findUserByEmail(database: Database | Tx, email: string): Promise<User | undefined> {
  const [row] = await database
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(database: Database | Tx, id: string): Promise<User | undefined> {
  const [row] = await database.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
