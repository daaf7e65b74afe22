import { forbiddenAddress } from "./address-policy";
import { urlRefusal, type UrlPolicy } from "./endpoint-url";

const development: UrlPolicy = { httpsOnly: false, allowLoopback: false };
const loopbackAllowed: UrlPolicy = { httpsOnly: false, allowLoopback: true };
const production: UrlPolicy = { httpsOnly: true, allowLoopback: false };

describe("which addresses a webhook may call", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["::1", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["10.0.0.1", "a private address"],
    ["172.16.5.4", "a private address"],
    ["192.168.1.1", "a private address"],
    ["::ffff:10.0.0.1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["0.0.0.0", "an unspecified address"],
    ["::", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["ff02::1", "a multicast address"],
    ["255.255.255.255", "a broadcast address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["fd00::1", "a private (unique local) address"],
    ["fc00::1", "a private (unique local) address"],
    ["198.18.0.1", "a reserved address"],
    ["192.0.2.1", "a reserved address"],
    ["::7f00:1", "a reserved address"],
    ["64:ff9b::a00:1", "a translated IPv4 address"],
    ["2002:7f00:1::", "a 6to4 address"],
    ["not-an-ip", "not an IP address"],
  ])("refuses %s: %s", (ip, why) => {
    expect(forbiddenAddress(ip, development)).toBe(why);
  });

  it.each(["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"])("lets %s be called", (ip) => {
    expect(forbiddenAddress(ip, development)).toBeNull();
  });

  it("lets loopback, and loopback only, be called when the development setting allows it", () => {
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(forbiddenAddress(ip, loopbackAllowed)).toBeNull();
    for (const ip of ["10.0.0.1", "169.254.169.254", "0.0.0.0", "fd00::1", "::"]) expect(forbiddenAddress(ip, loopbackAllowed)).not.toBeNull();
  });
});

describe("a webhook URL's rules", () => {
  it.each([
    ["https://example.com/hooks/verbatim", development],
    ["http://example.com/hooks", development],
    ["https://example.com:8443/hooks?source=verbatim", production],
    ["https://93.184.216.34/hook", production],
    ["http://127.0.0.1:4000/hook", loopbackAllowed],
    ["http://localhost:4000/hook", loopbackAllowed],
    ["http://[::1]:4000/hook", loopbackAllowed],
    // A loopback receiver the operator allowed may take plain http in production (it never leaves the machine).
    ["http://127.0.0.1:4000/hook", { ...production, allowLoopback: true }],
    ["http://localhost:4000/hook", { ...production, allowLoopback: true }],
  ] as const)("takes %s", (url, policy) => {
    expect(urlRefusal(url, policy)).toBeNull();
  });

  it.each([
    ["http://example.com/hook", production, "Use an https:// URL: webhooks are only sent over https."],
    ["http://example.com/hook", { ...production, allowLoopback: true }, "Use an https:// URL: webhooks are only sent over https."],
    ["http://127.0.0.1/hook", production, "Use an https:// URL: webhooks are only sent over https."],
    ["ftp://example.com/hook", production, "Use an https:// URL: webhooks are only sent over https."],
    ["http://[::127.0.0.1]/hook", development, "Webhooks cannot call ::7f00:1: it is a reserved address. Use an address reachable from the internet."],
    ["ftp://example.com/hook", development, "Use an https:// (or, outside production, http://) URL."],
    ["javascript:alert(1)", development, "Use an https:// (or, outside production, http://) URL."],
    ["example.com/hook", development, "Enter a full URL, such as https://example.com/webhooks/verbatim."],
    ["https://", development, "Enter a full URL, such as https://example.com/webhooks/verbatim."],
    [`https://example.com/${"a".repeat(2048)}`, development, "Use a URL of at most 2048 characters."],
    ["https://user:secret@example.com/hook", development, "Leave the user name and password out of the URL: each delivery is signed instead."],
    ["https://token@example.com/hook", development, "Leave the user name and password out of the URL: each delivery is signed instead."],
    ["http://127.0.0.1/hook", development, "Webhooks cannot call 127.0.0.1: it is a loopback address. Use an address reachable from the internet."],
    // Other spellings of 127.0.0.1 are normalised by the URL parser before the check.
    ["http://2130706433/hook", development, "Webhooks cannot call 127.0.0.1: it is a loopback address. Use an address reachable from the internet."],
    ["http://0x7f.1/hook", development, "Webhooks cannot call 127.0.0.1: it is a loopback address. Use an address reachable from the internet."],
    ["http://10.0.0.1/hook", loopbackAllowed, "Webhooks cannot call 10.0.0.1: it is a private address. Use an address reachable from the internet."],
    ["http://169.254.169.254/latest/meta-data", loopbackAllowed, "Webhooks cannot call 169.254.169.254: it is a link-local address. Use an address reachable from the internet."],
    ["http://0.0.0.0:3000/", loopbackAllowed, "Webhooks cannot call 0.0.0.0: it is an unspecified address. Use an address reachable from the internet."],
    ["http://[::1]/hook", development, "Webhooks cannot call ::1: it is a loopback address. Use an address reachable from the internet."],
    ["http://[::ffff:127.0.0.1]/hook", development, "Webhooks cannot call ::ffff:7f00:1: it is a loopback address. Use an address reachable from the internet."],
    ["http://[fd12::1]/hook", loopbackAllowed, "Webhooks cannot call fd12::1: it is a private (unique local) address. Use an address reachable from the internet."],
    ["http://localhost:3000/hook", development, "Webhooks cannot call localhost: use an address reachable from the internet."],
    ["http://LOCALHOST./hook", development, "Webhooks cannot call localhost: use an address reachable from the internet."],
    ["http://api.localhost/hook", development, "Webhooks cannot call localhost: use an address reachable from the internet."],
  ] as const)("refuses %s", (url, policy, sentence) => {
    expect(urlRefusal(url, policy)).toBe(sentence);
  });
});
