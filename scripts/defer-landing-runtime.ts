/**
 * Part of `npm run build`, after `next build`: the prerendered landing page boots the app's
 * runtime only when it is wanted (lib/landing/deferred-runtime.ts says when and why). The boot
 * file is named by its content, under the build's static files (served for a year, immutable).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LOADING_GRACE_MS } from "@/components/shell/loading-grace";
import { PRICING_AHEAD } from "@/components/landing/pricing-ahead";
import { env } from "@/lib/env";
import { isDeferred, splitRuntime, withLoader } from "@/lib/landing/deferred-runtime";
import { log } from "@/lib/log/logger";

/** After the page has loaded, a visitor who has not touched anything gets the runtime this much later. */
const IDLE_BOOT_MS = 4000;

const next = path.resolve(__dirname, "../.next");
const pageFile = path.join(next, "server/app/index.html");
const html = readFileSync(pageFile, "utf8");
if (isDeferred(html)) {
  log().info("the landing page's runtime is deferred already");
} else {
  const { page, boot } = splitRuntime(html);
  const name = `${createHash("sha256").update(boot).digest("hex").slice(0, 16)}.js`;
  mkdirSync(path.join(next, "static/landing"), { recursive: true });
  writeFileSync(path.join(next, "static/landing", name), boot);
  const settings = { graceMs: LOADING_GRACE_MS, pricingAhead: PRICING_AHEAD, idleMs: IDLE_BOOT_MS, bootAtOnce: Boolean(env().NEXT_PUBLIC_POSTHOG_KEY) };
  writeFileSync(pageFile, withLoader(page, `/_next/static/landing/${name}`, settings));
  log().info({ page: Buffer.byteLength(page), boot: Buffer.byteLength(boot) }, "the landing page boots its runtime when wanted");
}
