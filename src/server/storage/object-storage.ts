/** Where image bytes live: a local folder by default, S3-compatible storage at scale. */
export interface ObjectStorage {
  readonly name: 'local' | 's3'
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>
  /** The bytes, or undefined when there is no such object. */
  get: (key: string) => Promise<Buffer | undefined>
  delete: (key: string) => Promise<void>
}
