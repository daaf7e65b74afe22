import { and, eq, isNull } from "drizzle-orm";
import { pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import { jwtVerify } from "jose";
import { cookies } from "next/headers";
import postgres from "postgres";

/**
 * The starter kit's signed-in API call as nextjs/saas-starter makes it: the `session` cookie
 * is a JWT (HS256, jose) holding the user's id and an expiry; one query (drizzle on
 * postgres.js) reads the user, skipping deleted ones. Its middleware does not run for /api
 * (its matcher), so there is none here either.
 */
const users = pgTable("users", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 100 }),
  email: varchar("email", { length: 255 }).notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  role: varchar("role", { length: 20 }).notNull().default("member"),
  createdAt: timestamp("created_at").notNull().defaultNow(),
  updatedAt: timestamp("updated_at").notNull().defaultNow(),
  deletedAt: timestamp("deleted_at"),
});

// Made on the first call: the build imports this module without the variables.
let db: ReturnType<typeof drizzle> | undefined;
let key: Uint8Array | undefined;

export const dynamic = "force-dynamic";

export async function GET() {
  db ??= drizzle(postgres(process.env.POSTGRES_URL ?? ""));
  key ??= new TextEncoder().encode(process.env.AUTH_SECRET ?? "");
  const cookie = (await cookies()).get("session");
  if (!cookie?.value) return Response.json(null);
  const { payload } = await jwtVerify<{ user: { id: number }; expires: string }>(cookie.value, key, { algorithms: ["HS256"] });
  if (typeof payload.user?.id !== "number" || new Date(payload.expires) < new Date()) return Response.json(null);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, payload.user.id), isNull(users.deletedAt)))
    .limit(1);
  return Response.json(user ?? null);
}
