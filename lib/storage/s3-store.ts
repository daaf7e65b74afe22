import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { MissingObject, type ByteRange, type ObjectStore } from "./object-store";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** 8 MB parts, two at a time: a 1 GB upload holds at most ~16 MB in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** The AWS SDK is large: it is loaded on first use, so a server that keeps audio on disk never loads it. */
export const s3Sdk = () => import("@aws-sdk/client-s3");

/** A client of the bucket's S3 API, at `endpoint` (the servers' address unless told otherwise). */
export async function s3Client(config: S3Config, endpoint = config.endpoint, options: Partial<S3ClientConfig> = {}): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    // A bucket that stops answering fails the request (and lets go of what it holds: a tus
    // upload's lease, a job's lease) instead of hanging it: 10 s to connect, 2 minutes silent.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
    ...options,
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
}

/** Objects in an S3-compatible bucket (AWS S3, R2, MinIO, Backblaze …), shared by every host. */
export function s3Store(config: S3Config): ObjectStore {
  let opened: Promise<S3Client> | undefined;
  const connected = () => (opened ??= s3Client(config));
  const Bucket = config.bucket;
  return {
    async putFile(key, file, contentType) {
      const { Upload } = await import("@aws-sdk/lib-storage");
      const upload = new Upload({
        client: await connected(),
        params: { Bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
      });
      await upload.done();
    },
    async localCopy(key, dir) {
      const file = path.join(dir, path.basename(key));
      const { GetObjectCommand, NoSuchKey } = await s3Sdk();
      const object = await (await connected()).send(new GetObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        if (error instanceof NoSuchKey) throw new MissingObject(key);
        throw error;
      });
      await pipeline(object.Body as Readable, createWriteStream(file));
      return file;
    },
    async size(key) {
      const { HeadObjectCommand, NoSuchKey, NotFound } = await s3Sdk();
      try {
        const head = await (await connected()).send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (error instanceof NotFound || error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      const { GetObjectCommand } = await s3Sdk();
      const { Body } = await (await connected()).send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      return Body as Readable;
    },
    async removePrefix(prefix) {
      const { DeleteObjectsCommand, ListObjectsV2Command } = await s3Sdk();
      const client = await connected();
      let ContinuationToken: string | undefined;
      do {
        const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }));
        const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
