import { env } from "@/lib/env";

/**
 * The origin browsers send direct-upload parts to, for the pages' Content-Security-Policy;
 * null without direct uploads. Its own module: the proxy imports it, and nothing of the S3 SDK.
 */
export function directUploadOrigin(): string | null {
  const { S3_DIRECT_UPLOADS, S3_BUCKET, S3_PUBLIC_ENDPOINT, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE } = env();
  if (!S3_DIRECT_UPLOADS || !S3_BUCKET) return null;
  const endpoint = S3_PUBLIC_ENDPOINT ?? S3_ENDPOINT;
  if (!endpoint) return `https://${S3_BUCKET}.s3.${S3_REGION}.amazonaws.com`;
  const url = new URL(endpoint);
  return S3_FORCE_PATH_STYLE ? url.origin : `${url.protocol}//${S3_BUCKET}.${url.host}`;
}
