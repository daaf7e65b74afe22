/** Fixed local ports of the end-to-end stack (127.0.0.1 only). */
export const E2E = {
  appPort: 3100,
  embeddedPort: 3101,
  smtpPort: 2526,
  stackApiPort: 2581,
  embeddedDataDir: "/tmp/verbatim-e2e-embedded",
  /** a second web host some tests start beside the stack's (any host takes any request) */
  secondHostPort: 3102,
  authSecret: "e2e-secret-that-is-long-enough-to-sign-tokens",
  operators: ["ops1@verbatim.test", "ops2@verbatim.test", "ops3@verbatim.test"],
} as const;

export const APP_URL = `http://127.0.0.1:${E2E.appPort}`;
export const EMBEDDED_URL = `http://127.0.0.1:${E2E.embeddedPort}`;
export const STACK_API = `http://127.0.0.1:${E2E.stackApiPort}`;
