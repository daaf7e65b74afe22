import { z } from "zod";
import { VARIABLES, type VariableName } from "./variables";

type Schemas = { [K in VariableName]: (typeof VARIABLES)[K]["schema"] };
const shape = Object.fromEntries(Object.entries(VARIABLES).map(([name, v]) => [name, v.schema])) as Schemas;
const schema = z.object(shape);

export type Env = z.output<typeof schema>;

const NAMES = Object.keys(VARIABLES) as VariableName[];

/**
 * Settings that parse but cannot work together: refused at start with one sentence each,
 * rather than failing later in one process out of several.
 */
export function inconsistencies(config: Env): string[] {
  const problems: string[] = [];
  if (config.DATABASE_URL && !config.BETTER_AUTH_SECRET) {
    problems.push("DATABASE_URL is set but BETTER_AUTH_SECRET is not: every process sharing the database must sign sessions with the same secret.");
  }
  if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
    problems.push("Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.");
  }
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: subscriptions would never be confirmed.");
  }
  if (Boolean(config.LLM_BASE_URL) !== Boolean(config.LLM_MODEL)) {
    problems.push("AI formatting needs both LLM_BASE_URL and LLM_MODEL.");
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials.");
  }
  if (config.S3_DIRECT_UPLOADS && !config.S3_BUCKET) {
    problems.push("S3_DIRECT_UPLOADS needs S3_BUCKET: uploads can only go straight to a bucket.");
  }
  if (!config.WORKER_IN_APP && !config.DATABASE_URL) {
    problems.push("WORKER_IN_APP=false needs DATABASE_URL: with embedded PGlite no other process can run the worker.");
  }
  return problems;
}

/** Parses a set of variables (process.env, or a test's own) against the one schema. */
export function parseEnv(vars: Readonly<Record<string, string | undefined>>): Env {
  const parsed = schema.safeParse(vars);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let cached: { key: string; value: Env } | undefined;

/**
 * The server's configuration, validated; re-read when a variable changes (tests set them
 * between cases). A production process's variables are fixed from its start, so there it is
 * read once: comparing every variable cost each request ~60 lookups in process.env. A bad
 * value throws with a readable list; `assertStartable` also refuses inconsistent production settings.
 */
export function env(): Env {
  if (cached?.value.NODE_ENV === "production" && process.env.NODE_ENV === "production") return cached.value;
  const key = NAMES.map((name) => process.env[name] ?? "").join("\u0000");
  if (cached?.key !== key) cached = { key, value: parseEnv(process.env) };
  return cached.value;
}

/** Called once when a server or worker starts: a configuration that cannot work stops it here. */
export function assertStartable(): Env {
  const config = env();
  const problems = config.NODE_ENV === "test" ? [] : inconsistencies(config);
  if (problems.length) throw new Error(`Verbatim cannot start with this configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  return config;
}

/** The directories and program search path of this process (not configuration). */
export const searchPath = () => process.env.PATH ?? "";
