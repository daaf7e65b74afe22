import { env, inconsistencies, parseEnv } from "./index";

describe("the configuration schema", () => {
  it("gives every variable its default", () => {
    const config = parseEnv({});
    expect(config).toMatchObject({ APP_URL: "http://localhost:3000", DATA_DIR: "./data", TRANSCRIBE_ENGINE: "auto", WORKER_IN_APP: true, WORKER_LEASE_MS: 30_000, TRUSTED_PROXIES: [] });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("refuses a value that cannot mean anything, naming the variable", () => {
    expect(() => parseEnv({ APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ AUTH_RATE_LIMIT_ENABLED: "maybe" })).toThrow(/AUTH_RATE_LIMIT_ENABLED/);
  });

  it("names settings that cannot work together", () => {
    expect(inconsistencies(parseEnv({}))).toEqual([]);
    expect(inconsistencies(parseEnv({ DATABASE_URL: "postgres://x/y" }))).toEqual([
      "DATABASE_URL is set but BETTER_AUTH_SECRET is not: every process sharing the database must sign sessions with the same secret.",
    ]);
    expect(inconsistencies(parseEnv({ STRIPE_SECRET_KEY: "sk_test_1", GOOGLE_CLIENT_ID: "id", LLM_MODEL: "m", WORKER_IN_APP: "false" }))).toHaveLength(4);
    expect(inconsistencies(parseEnv({ S3_BUCKET: "audio", S3_ACCESS_KEY_ID: "key" }))).toEqual([
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials.",
    ]);
  });

  it("follows process.env when a variable changes", () => {
    const saved = process.env.MAIL_FROM;
    process.env.MAIL_FROM = "A <a@example.com>";
    expect(env().MAIL_FROM).toBe("A <a@example.com>");
    process.env.MAIL_FROM = "B <b@example.com>";
    expect(env().MAIL_FROM).toBe("B <b@example.com>");
    if (saved === undefined) delete process.env.MAIL_FROM;
    else process.env.MAIL_FROM = saved;
  });
});
