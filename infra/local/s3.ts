import S3rver from 's3rver';

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
