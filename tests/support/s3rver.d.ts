// The parts of s3rver's API the tests use (it ships no types).
declare module 's3rver' {
  type BucketConfig = { name: string; configs: Array<string | Buffer> }
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: BucketConfig[] })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
