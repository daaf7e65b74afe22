import { trustedOrigins } from "./trusted-origins";

describe("trustedOrigins", () => {
  it("trusts both names of the local machine", () => {
    expect(trustedOrigins("http://localhost:3000")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(trustedOrigins("http://127.0.0.1:3100/")).toEqual(["http://127.0.0.1:3100", "http://localhost:3100"]);
  });
  it("trusts only the configured origin elsewhere", () => {
    expect(trustedOrigins("https://app.verbatim.example")).toEqual(["https://app.verbatim.example"]);
  });
});
