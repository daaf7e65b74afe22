import { servedType } from "./audio-store";

describe("the type an original is served back with", () => {
  it("keeps a plain audio or video type the client sent", () => {
    expect(servedType("audio/mpeg")).toBe("audio/mpeg");
    expect(servedType("audio/webm")).toBe("audio/webm");
    expect(servedType("video/mp4")).toBe("video/mp4");
  });

  it("never serves what a browser would run or render: anything else is a download", () => {
    for (const sent of ["text/html", "image/svg+xml", "application/javascript", "audio/mpeg; charset=utf-8", "audio/", "", "audio/x\nset-cookie: a=b"]) {
      expect(servedType(sent)).toBe("application/octet-stream");
    }
  });
});
