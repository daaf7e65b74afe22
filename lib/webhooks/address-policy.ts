import ipaddr from "ipaddr.js";

/**
 * Which network addresses a webhook may call. A webhook URL is chosen by a user and called by
 * our servers, so without this rule it would reach what only the servers can: the cloud's
 * metadata service (169.254.169.254), the database, other hosts of the private network (SSRF).
 * Only ordinary public unicast addresses pass; loopback passes too when the operator allows it
 * for development (WEBHOOKS_ALLOW_LOOPBACK), nothing else ever does.
 */

export interface AddressPolicy {
  /** 127.0.0.0/8, ::1 and localhost names may be called (a receiver on the developer's machine) */
  allowLoopback: boolean;
}

/** How a forbidden range reads in a sentence ("… is a private address"). */
const RANGE_WORDS: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address",
  private: "a private address",
  uniqueLocal: "a private (unique local) address",
  reserved: "a reserved address",
  benchmarking: "a reserved address",
  ipv4Compatible: "a reserved address",
  siteLocal: "a private (site-local) address",
  discard: "a reserved address",
  rfc6145: "a translated IPv4 address",
  rfc6052: "a translated IPv4 address",
  "6to4": "a 6to4 address",
  teredo: "a Teredo address",
  localNat64: "a translated IPv4 address",
};

// Ranges ipaddr.js 1.x does not name but that are no public host either.
type Ranges<T> = Record<string, [T, number][]>;
const EXTRA_V4: Ranges<ipaddr.IPv4> = { benchmarking: [ipaddr.IPv4.parseCIDR("198.18.0.0/15")] };
const EXTRA_V6: Ranges<ipaddr.IPv6> = {
  // ::a.b.c.d (deprecated IPv4-compatible form) would otherwise count as unicast.
  ipv4Compatible: [ipaddr.IPv6.parseCIDR("::/96")],
  siteLocal: [ipaddr.IPv6.parseCIDR("fec0::/10")],
  discard: [ipaddr.IPv6.parseCIDR("100::/64")],
  // Local-use NAT64 (RFC 8215): on a network with such a gateway it reaches private IPv4.
  localNat64: [ipaddr.IPv6.parseCIDR("64:ff9b:1::/48")],
};

/** The range an IP address falls in: "unicast" for an ordinary public address. */
function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (address.kind() === "ipv4") {
    const v4 = address as ipaddr.IPv4;
    const extra = ipaddr.subnetMatch(v4, EXTRA_V4, "none");
    return extra !== "none" ? extra : v4.range();
  }
  const v6 = address as ipaddr.IPv6;
  // ::ffff:127.0.0.1 reaches 127.0.0.1: judged as the IPv4 address it carries.
  if (v6.isIPv4MappedAddress()) return rangeOf(v6.toIPv4Address());
  const range = v6.range();
  if (range !== "unicast") return range;
  const extra = ipaddr.subnetMatch(v6, EXTRA_V6, "none");
  return extra !== "none" ? extra : range;
}

/**
 * Null when `ip` may be called, else why not, as the end of a sentence ("a loopback address").
 * A string that is no IP address at all is refused too (never guessed at).
 */
export function forbiddenAddress(ip: string, policy: AddressPolicy): string | null {
  const bare = ip.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  // A zone (fe80::1%eth0) names an interface of this host: never a public address.
  if (bare.includes("%")) return RANGE_WORDS.linkLocal;
  const range = rangeOf(ipaddr.parse(bare));
  if (range === "unicast") return null;
  if (range === "loopback" && policy.allowLoopback) return null;
  return RANGE_WORDS[range] ?? "a reserved address";
}

/** Whether `ip` is a loopback address (127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6). */
export function isLoopbackAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && rangeOf(ipaddr.parse(bare)) === "loopback";
}

/** The IP address a URL's host names literally (brackets of IPv6 removed), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && (ipaddr.IPv4.isValidFourPartDecimal(bare) || bare.includes(":")) ? bare : null;
}

/** `localhost` and its subdomains (RFC 6761: they always mean this host, whatever DNS says). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/** IP address families as Node's resolver reports them. */
export function familyOf(ip: string): 4 | 6 {
  return ip.includes(":") ? 6 : 4;
}
