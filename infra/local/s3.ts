import S3rver from 's3rver';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION } from './local-aws';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * s3rver in this process, storing under `dir`, with the uploads bucket created when missing. It
 * checks request signatures like S3 does, for its one key pair S3RVER/S3RVER, which the stack
 * therefore gives handlers as their credentials. CORS lets the browser PUT to presigned URLs.
 */
export async function startS3(port: number, dir: string, bucket: string, siteOrigin: string): Promise<LocalS3> {
  const cors = `<CORSConfiguration><CORSRule>
    <AllowedOrigin>${siteOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: dir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/**
 * With LocalStack (AWS_ENDPOINT_URL) in place of s3rver: the uploads bucket and its CORS rule are
 * created there when missing.
 */
export async function ensureBucketAt(endpoint: string, bucket: string, siteOrigin: string): Promise<LocalS3> {
  const s3 = new S3Client({ region: LOCAL_REGION, endpoint, forcePathStyle: true });
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: [siteOrigin],
            AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
  return { endpoint, stop: async () => undefined };
}
