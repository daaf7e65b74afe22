import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3Server {
  /** S3_* variables that point the app at this server's bucket */
  env: Record<string, string>;
  /** where the server keeps its objects, to see what was stored */
  directory: string;
  close(): Promise<void>;
}

/**
 * The CORS rule a bucket needs for direct uploads: browsers on these origins may PUT parts
 * and read the ETag of each (docs/features.md, "Uploads", shows the same rule for AWS, R2 and MinIO).
 */
function directUploadCors(origins: string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join("");
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, for storage tests;
 * with `browserOrigins`, browsers on them may upload parts straight to it (direct uploads).
 */
export async function startS3Server(bucket = "verbatim-test", browserOrigins: string[] = []): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "verbatim-s3-"));
  const configs = browserOrigins.length ? [directUploadCors(browserOrigins)] : [];
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs }] });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's fixed credentials
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
