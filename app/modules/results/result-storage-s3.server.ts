// The S3-compatible driver of result storage (decision 0060), loaded only when RESULTS_STORAGE=s3.
// Objects hold sealed bytes only (app/utils/sealing.server.ts); the bucket needs no server-side
// encryption of its own for a dump of it to reveal nothing, though it may have one.
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { ResultStorage } from "~/modules/results/result-storage.server";
import type { Env } from "~/utils/env.server";

export type S3Config = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

export function s3ConfigFromEnv(env: Env): S3Config {
  return {
    bucket: env.RESULTS_S3_BUCKET!,
    endpoint: env.RESULTS_S3_ENDPOINT,
    region: env.RESULTS_S3_REGION,
    accessKeyId: env.RESULTS_S3_ACCESS_KEY_ID,
    secretAccessKey: env.RESULTS_S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.RESULTS_S3_FORCE_PATH_STYLE,
  };
}

export function s3Storage(config: S3Config): ResultStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  return {
    name: "s3",
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: "application/octet-stream" }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
