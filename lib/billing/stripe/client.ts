import Stripe from "stripe";
import { env as config, type Env } from "@/lib/env";

type StripeVars = Partial<Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE" | "STRIPE_WEBHOOK_SECRET">>;

function read(env: StripeVars, name: keyof StripeVars): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** host/port/protocol for the SDK, parsed from STRIPE_API_BASE; null when it is unset. */
export function apiBaseFromEnv(
  env: StripeVars = config(),
): { host: string; port: number; protocol: "http" | "https" } | null {
  const base = read(env, "STRIPE_API_BASE");
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error("STRIPE_API_BASE must be an http(s) URL such as http://127.0.0.1:12111.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error("STRIPE_API_BASE must be an http(s) URL such as http://127.0.0.1:12111.");
  }
  const protocol = url.protocol === "http:" ? "http" : "https";
  const port = url.port ? Number(url.port) : protocol === "http" ? 80 : 443;
  // URL keeps IPv6 hosts in brackets; Node's http.request wants them bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return { host, port, protocol };
}

/**
 * The Stripe client, or null when STRIPE_SECRET_KEY is not set (the app then uses the demo
 * provider).
 *
 * Environment:
 * - STRIPE_SECRET_KEY — sk_live_… / sk_test_… (or a restricted rk_… key).
 * - STRIPE_API_BASE (optional) — send API calls somewhere other than https://api.stripe.com,
 *   e.g. `http://127.0.0.1:12111` for a local stand-in such as stripe-mock. Only the scheme,
 *   host and port are used (the SDK always requests `/v1/…` paths). Leave unset in production.
 *
 * The API version is the one this SDK release pins (Stripe.API_VERSION); webhook endpoints
 * should be configured with the same version so event payloads have the shape the types describe.
 */
export function stripeFromEnv(env: StripeVars = config()): Stripe | null {
  const key = read(env, "STRIPE_SECRET_KEY");
  if (!key) return null;
  const base = apiBaseFromEnv(env);
  return new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ?? {}),
  });
}

/** The webhook endpoint's signing secret (whsec_…), or null when STRIPE_WEBHOOK_SECRET is unset. */
export function webhookSecret(env: StripeVars = config()): string | null {
  return read(env, "STRIPE_WEBHOOK_SECRET");
}
