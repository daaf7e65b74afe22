import { isCrossSiteWrite, sentFromOwnPage } from "./request-origin";

const APP = "https://verbatim.example";
const req = (method: string, h: Record<string, string>) => ({ method, headers: new Headers({ host: "verbatim.example", ...h }) });

describe("isCrossSiteWrite", () => {
  it.each([
    ["POST from our own page", req("POST", { origin: APP }), false],
    ["DELETE from another site", req("DELETE", { origin: "http://evil.example" }), true],
    ["PATCH with a null origin (sandboxed frame)", req("PATCH", { origin: "null" }), true],
    ["POST with only a foreign Referer", req("POST", { referer: "http://evil.example/x" }), true],
    ["POST with only our Referer", req("POST", { referer: `${APP}/dashboard` }), false],
    ["POST marked cross-site by Sec-Fetch-Site", req("POST", { "sec-fetch-site": "cross-site" }), true],
    ["POST from a script with no browser headers", req("POST", {}), false],
    ["GET from another site (reads are not writes)", req("GET", { origin: "http://evil.example" }), false],
    ["POST to the host it was sent to (APP_URL not set to it)", req("POST", { origin: "https://verbatim.example" }), false],
  ])("%s → %s", (_label, request, refused) => {
    expect(isCrossSiteWrite(request, APP)).toBe(refused);
  });

  it("treats a typed address (Sec-Fetch-Site: none) as the user's own", () => {
    expect(sentFromOwnPage(req("GET", { "sec-fetch-site": "none" }), APP)).toBe(true);
  });
});
