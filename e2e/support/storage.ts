import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { s3Store } from "@/lib/storage/s3-store";
import { stackInfo } from "./fixtures";

/** The e2e stack keeps audio in an S3-compatible bucket (s3rver), as a multi-host install does. */
async function bucket() {
  const { s3 } = await stackInfo();
  const config = {
    bucket: s3.S3_BUCKET,
    region: s3.S3_REGION,
    endpoint: s3.S3_ENDPOINT,
    accessKeyId: s3.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
  return { config, store: s3Store(config) };
}

/** Stores a local file in the stack's bucket, as the app does with an upload. */
export async function storeAudio(key: string, file: string): Promise<void> {
  await (await bucket()).store.putFile(key, file, "audio/wav");
}

/** The keys of the stored objects under a prefix (a user's, a transcription's). */
export async function storedKeys(prefix: string): Promise<string[]> {
  const { config } = await bucket();
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: `${prefix}/` }));
  return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
}

/** The size of a stored object in the stack's bucket; null when there is none. */
export async function bucketObjectSize(key: string): Promise<number | null> {
  return (await bucket()).store.size(key);
}
