import { z } from "zod";

/** Treats an empty string like an unset variable, as `.env` files often leave them blank. */
const optional = () =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_URL: z.url().default("http://localhost:3000"),
  DATABASE_URL: optional(),
  DATA_DIR: z.string().default("./data"),
  BETTER_AUTH_SECRET: optional(),
  OPERATOR_EMAILS: z.string().default(""),
  SMTP_URL: optional(),
  MAIL_FROM: z.string().default("Verbatim <no-reply@verbatim.local>"),
  GOOGLE_CLIENT_ID: optional(),
  GOOGLE_CLIENT_SECRET: optional(),
  /** Reverse proxies (IPs or CIDRs) whose X-Forwarded-For entries are trusted. */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean)),
  AUTH_RATE_LIMIT_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Server environment, validated once; a bad value stops start-up with a readable list. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
