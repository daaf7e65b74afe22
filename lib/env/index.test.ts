import { readFileSync } from "node:fs";
import path from "node:path";
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

  it("refuses a number or a choice it cannot use, naming the variable and what is allowed; blank still means the default", () => {
    expect(() => parseEnv({ WORKER_LEASE_MS: "30s" })).toThrow('WORKER_LEASE_MS: must be a whole number above 0 (it is "30s"); leave it unset for 30000.');
    expect(() => parseEnv({ LLM_MAX_INPUT_CHARS: "0" })).toThrow(/LLM_MAX_INPUT_CHARS: must be a whole number above 0/);
    expect(() => parseEnv({ WHISPER_THREADS: "-2" })).toThrow('WHISPER_THREADS: must be a whole number above 0 (it is "-2"); leave it unset for the default.');
    expect(() => parseEnv({ TRANSCRIBE_ENGINE: "wisper" })).toThrow(
      'TRANSCRIBE_ENGINE: must be one of whisper, parakeet, openai, sphinx, auto (it is "wisper"); leave it unset for auto.',
    );
    expect(() => parseEnv({ WHISPER_GPU: "metal" })).toThrow(/WHISPER_GPU: must be one of off, cuda, vulkan, auto/);
    expect(parseEnv({ WORKER_LEASE_MS: " ", WHISPER_THREADS: "", TRANSCRIBE_ENGINE: "", WHISPER_GPU: " " })).toMatchObject({
      WORKER_LEASE_MS: 30_000,
      WHISPER_THREADS: undefined,
      TRANSCRIBE_ENGINE: "auto",
      WHISPER_GPU: "auto",
    });
    expect(parseEnv({ WORKER_LEASE_MS: " 1500 ", WHISPER_THREADS: "2", TRANSCRIBE_ENGINE: " Sphinx ", WHISPER_GPU: "auto" })).toMatchObject({
      WORKER_LEASE_MS: 1500,
      WHISPER_THREADS: 2,
      TRANSCRIBE_ENGINE: "sphinx",
      WHISPER_GPU: "auto",
    });
  });

  it("starts on .env.example as it is written (its blank values mean the defaults)", () => {
    const example = readFileSync(path.join(__dirname, "../../.env.example"), "utf8");
    const vars = Object.fromEntries(
      example
        .split("\n")
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    expect(Object.keys(vars).length).toBeGreaterThan(20);
    const config = parseEnv(vars);
    expect(config.LOG_LEVEL).toBe("info");
    expect(config.LOG_FORMAT).toBe("auto");
    expect(inconsistencies(config)).toEqual([]);
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
