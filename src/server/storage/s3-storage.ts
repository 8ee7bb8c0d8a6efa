import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { ObjectStorage } from './object-storage'

export type S3Settings = { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean }

/** S3-compatible object storage (AWS S3, MinIO, R2, …): every API process and worker reads the same images. */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    maxAttempts: 3,
  })
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: 'private, max-age=31536000, immutable' }))
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }))
        if (!result.Body) return undefined
        return Buffer.from(await result.Body.transformToByteArray())
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))) return undefined
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }))
    },
  }
}
