import { createHash } from "node:crypto";
import { themeBootScript } from "@/lib/theme/themes";
import { landingPolicy, pagePolicy } from "./content-security-policy";

const options = { dev: false, https: true };

test("pages allow scripts by this response's nonce and the theme script by its hash, nothing inline besides", () => {
  const policy = pagePolicy("abc123", options);
  const hash = createHash("sha256").update(themeBootScript).digest("base64");
  expect(policy).toContain(`script-src 'self' 'nonce-abc123' 'sha256-${hash}' 'strict-dynamic';`);
  expect(policy).not.toContain("unsafe-inline' 'strict");
  expect(policy).toContain("upgrade-insecure-requests");
});

test("the prerendered landing page's fixed policy carries no nonce and keeps the other limits", () => {
  const policy = landingPolicy({ ...options, analyticsHost: "https://eu.i.posthog.com" });
  expect(policy).not.toContain("nonce-");
  expect(policy).toContain("script-src 'self' 'unsafe-inline';");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("connect-src 'self' https://eu.i.posthog.com https://*.posthog.com");
});
