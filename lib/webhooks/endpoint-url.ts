import { env } from "@/lib/env";
import { forbiddenAddress, isLocalhostName, isLoopbackAddress, literalAddress, type AddressPolicy } from "./address-policy";

export interface UrlPolicy extends AddressPolicy {
  /** only https may be called (production: a signed payload never travels in the clear), loopback allowed by `allowLoopback` aside */
  httpsOnly: boolean;
}

const MAX_URL_CHARS = 2048;

/** The policy the configuration sets: https only in production, loopback only when WEBHOOKS_ALLOW_LOOPBACK is true. */
export function configuredPolicy(): UrlPolicy {
  const config = env();
  return { httpsOnly: config.NODE_ENV === "production", allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK };
}

/** Why the URL may not be called, as a sentence, or null. Applied when a webhook is added and again before each delivery. */
export function urlRefusal(raw: string, policy: UrlPolicy): string | null {
  if (raw.length > MAX_URL_CHARS) return `Use a URL of at most ${MAX_URL_CHARS} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, such as https://example.com/webhooks/verbatim.";
  }
  const httpsOnly = "Use an https:// URL: webhooks are only sent over https.";
  if (url.protocol !== "https:" && url.protocol !== "http:") return policy.httpsOnly ? httpsOnly : "Use an https:// (or, outside production, http://) URL.";
  if (url.username || url.password) return "Leave the user name and password out of the URL: each delivery is signed instead.";
  if (!url.hostname) return "Enter a full URL, such as https://example.com/webhooks/verbatim.";
  const host = url.hostname;
  // Plain http to a loopback receiver the operator allowed never leaves the machine (the
  // end-to-end tests run the production build against one); anywhere else it must be https.
  const allowedLoopback = policy.allowLoopback && (isLocalhostName(host) || isLoopbackAddress(host));
  if (policy.httpsOnly && url.protocol === "http:" && !allowedLoopback) return httpsOnly;
  if (isLocalhostName(host)) {
    return policy.allowLoopback ? null : "Webhooks cannot call localhost: use an address reachable from the internet.";
  }
  const literal = literalAddress(host);
  if (literal) {
    const why = forbiddenAddress(literal, policy);
    if (why) return `Webhooks cannot call ${literal}: it is ${why}. Use an address reachable from the internet.`;
  }
  return null;
}
