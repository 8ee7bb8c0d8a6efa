import path from 'node:path'
import type { Config } from '../config'
import { createLocalStorage } from './local-storage'
import type { ObjectStorage } from './object-storage'
import { createS3Storage } from './s3-storage'

/** The one place that chooses where images are stored: a local folder by default, S3 when STORAGE=s3. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): ObjectStorage {
  if (config.s3) return createS3Storage(config.s3)
  return createLocalStorage(path.join(config.dataDir, 'objects'))
}
