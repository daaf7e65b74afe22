import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { env } from "@/lib/env";
import { bucketConfig } from "./audio-store";
import { s3Client, s3Sdk, type S3Config } from "./s3-store";

/** A part of a multipart upload, with the ETag the bucket answered its PUT with. */
interface StoredPart {
  number: number;
  etag: string;
}

/** How long a presigned part address works: long enough for a slow part, short enough not to matter if it leaks. */
const PART_URL_SECONDS = 60 * 60;
/** The web host reads an upload's headers from this address, for a minute. */
const READ_URL_SECONDS = 60;

/**
 * S3 multipart uploads that browsers fill directly: the servers create and complete them,
 * sign one address per part (a PUT of exactly that part number of that upload), and abort
 * what is abandoned. The browser never holds a credential. (What arrived is recorded from the
 * browser's receipts, not listed from the bucket: not every S3-compatible server has ListParts,
 * and completing checks every receipt anyway.)
 */
export interface BucketMultipart {
  create(key: string, contentType: string): Promise<string>;
  /** the address to PUT part `partNumber` to; its size is signed in, so a bigger (or smaller) body is refused by the bucket */
  partUrl(key: string, uploadId: string, partNumber: number, size: number): Promise<string>;
  complete(key: string, uploadId: string, parts: StoredPart[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
  /** sends part `partNumber` (`size` bytes of `file`) from this host; answers its ETag */
  uploadPart(key: string, uploadId: string, partNumber: number, file: string, size: number): Promise<string>;
  /** a whole object from a file of this host, a piece kept for later */
  putPiece(key: string, file: string): Promise<void>;
  readPiece(key: string): Promise<Readable>;
  removePiece(key: string): Promise<void>;
  /** the object's size once complete; null when there is none */
  size(key: string): Promise<number | null>;
  /** its first bytes, and an address ffprobe may read it from for a minute */
  readable(key: string, headBytes: number): Promise<{ head: Buffer; url: string }>;
}

async function openClients(config: S3Config, publicEndpoint: string | undefined): Promise<{ client: S3Client; browserClient: S3Client }> {
  // No checksum unless the operation needs one: the SDK would otherwise sign each part address
  // with the checksum of an empty body, which AWS, R2 and MinIO refuse for the real part.
  const client = await s3Client(config, config.endpoint, { requestChecksumCalculation: "WHEN_REQUIRED" });
  // Part addresses are for browsers: signed for the address they reach.
  const browserClient = publicEndpoint ? await s3Client(config, publicEndpoint, { requestChecksumCalculation: "WHEN_REQUIRED" }) : client;
  return { client, browserClient };
}

const presigner = () => import("@aws-sdk/s3-request-presigner");

function multipart(config: S3Config, publicEndpoint: string | undefined): BucketMultipart {
  // The SDK and the clients are loaded on first use (see s3Sdk).
  let opened: ReturnType<typeof openClients> | undefined;
  const connected = () => (opened ??= openClients(config, publicEndpoint));
  const Bucket = config.bucket;
  return {
    async create(key, contentType) {
      const { client } = await connected();
      const { CreateMultipartUploadCommand } = await s3Sdk();
      const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      if (!created.UploadId) throw new Error("the bucket did not start a multipart upload");
      return created.UploadId;
    },
    async partUrl(key, uploadId, partNumber, size) {
      const { browserClient } = await connected();
      const { UploadPartCommand } = await s3Sdk();
      const { getSignedUrl } = await presigner();
      return getSignedUrl(browserClient, new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size }), {
        expiresIn: PART_URL_SECONDS,
      });
    },
    async complete(key, uploadId, parts) {
      const { client } = await connected();
      const { CompleteMultipartUploadCommand } = await s3Sdk();
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.number, ETag: p.etag })) },
        }),
      );
    },
    async abort(key, uploadId) {
      const { client } = await connected();
      const { AbortMultipartUploadCommand } = await s3Sdk();
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    },
    async uploadPart(key, uploadId, partNumber, file, size) {
      const { client } = await connected();
      const { UploadPartCommand } = await s3Sdk();
      const sent = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size, Body: createReadStream(file) }));
      if (!sent.ETag) throw new Error("the bucket did not answer a part with its ETag");
      return sent.ETag;
    },
    async putPiece(key, file) {
      const { client } = await connected();
      const { PutObjectCommand } = await s3Sdk();
      const { size } = await stat(file);
      await client.send(new PutObjectCommand({ Bucket, Key: key, ContentLength: size, Body: createReadStream(file) }));
    },
    async readPiece(key) {
      const { client } = await connected();
      const { GetObjectCommand } = await s3Sdk();
      const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!Body) throw new Error(`the bucket sent no body for ${key}`);
      return Body as Readable;
    },
    async removePiece(key) {
      const { client } = await connected();
      const { DeleteObjectCommand } = await s3Sdk();
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async size(key) {
      const { client } = await connected();
      const { HeadObjectCommand } = await s3Sdk();
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key })).catch(() => null);
      return head?.ContentLength ?? null;
    },
    async readable(key, headBytes) {
      const { client } = await connected();
      const { GetObjectCommand } = await s3Sdk();
      const { getSignedUrl } = await presigner();
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${headBytes - 1}` }));
      const head = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      const url = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: READ_URL_SECONDS });
      return { head, url };
    },
  };
}

/** The bucket's multipart uploads, when audio is kept in a bucket (to sweep abandoned direct uploads on any host). */
export function bucketMultipart(): BucketMultipart | null {
  const config = bucketConfig();
  return config ? multipart(config, env().S3_PUBLIC_ENDPOINT) : null;
}

/** The bucket's multipart uploads when browsers may upload straight to it (S3_DIRECT_UPLOADS); else null. */
export function directUploadBucket(): BucketMultipart | null {
  return env().S3_DIRECT_UPLOADS ? bucketMultipart() : null;
}
