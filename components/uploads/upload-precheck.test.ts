import { precheckUpload } from "./upload-precheck";

const limits = { maxUploadMb: 500, remainingS: 600, planName: "Free" };

describe("checks before an upload is sent", () => {
  it("lets through a file within the size limit and the time left", () => {
    expect(precheckUpload(10_000_000, 300, limits)).toEqual({ ok: true });
    expect(precheckUpload(10_000_000, null, limits)).toEqual({ ok: true });
    expect(precheckUpload(10_000_000, 36_000, { ...limits, remainingS: null })).toEqual({ ok: true });
  });

  it("refuses a file over the operator's limit with the server's sentence", () => {
    expect(precheckUpload(501 * 1024 * 1024, 10, limits)).toEqual({
      ok: false,
      sentence: "The file is larger than the 500 MB limit. Upload a smaller or shorter file.",
    });
  });

  it("refuses a file longer than the time left, offering the part that fits", () => {
    expect(precheckUpload(10_000_000, 1234, limits)).toEqual({
      ok: false,
      sentence: "This recording is 20:34 long, but your Free plan has 10:00 left this period. Upgrade your plan or upload a shorter file.",
      fitsSeconds: 600,
      offer: "Transcribe the first 10:00",
    });
  });

  it("offers nothing when no time is left", () => {
    const refused = precheckUpload(10_000_000, 60, { ...limits, remainingS: 0 });
    expect(refused).toEqual({ ok: false, sentence: "This recording is 1:00 long, but your Free plan has 0:00 left this period. Upgrade your plan or upload a shorter file." });
  });
});
