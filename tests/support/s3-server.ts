import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
// s3rver implements the S3 REST API on a local folder: our S3 adapter talks to it exactly as to AWS.
import S3rver from 's3rver'

export type LocalS3 = { endpoint: string; bucket: string; close: () => Promise<void> }

export async function startLocalS3(bucket = 'lavo-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lavo-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const address = (await server.run()) as { port: number }
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
