import { useTestEnv } from "@/test/support/env";

// Which parts of the AWS SDK this process has loaded, recorded as each is first required.
const loaded: string[] = [];
jest.mock("@aws-sdk/client-s3", () => (loaded.push("client-s3"), jest.requireActual("@aws-sdk/client-s3")));
jest.mock("@aws-sdk/lib-storage", () => (loaded.push("lib-storage"), jest.requireActual("@aws-sdk/lib-storage")));
jest.mock("@aws-sdk/s3-request-presigner", () => (loaded.push("s3-request-presigner"), jest.requireActual("@aws-sdk/s3-request-presigner")));

describe("the AWS SDK", () => {
  useTestEnv({ S3_BUCKET: "" });

  it("is not loaded by a server that keeps audio on disk, and is loaded when a bucket is first used", async () => {
    const { audioStore } = await import("./audio-store");
    const { bucketMultipart, directUploadBucket } = await import("./bucket-multipart");
    const { s3Store } = await import("./s3-store");
    expect(audioStore()).toBeDefined();
    expect([bucketMultipart(), directUploadBucket()]).toEqual([null, null]);
    const store = s3Store({ bucket: "audio", region: "us-east-1", endpoint: "http://127.0.0.1:9", accessKeyId: "key", secretAccessKey: "secret", forcePathStyle: true });
    expect(loaded).toEqual([]);
    // Nothing listens there: the call fails, but only after loading the client.
    await expect(store.size("nothing")).rejects.toThrow();
    expect(loaded).toEqual(["client-s3"]);
  });
});
