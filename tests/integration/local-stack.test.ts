import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { localClient } from '../../infra/local/dynamodb';
import { localTools } from '../support/local-tools';
import { startStackOfItsOwn } from '../support/stack-of-its-own';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('the local SES', () => {
  it('puts mail sent with the SESv2 SDK in the outbox, newest first, readable as a page', async () => {
    const env = inject('localEnv');
    const ses = new SESv2Client({ region: 'us-east-1', endpoint: env.AWS_ENDPOINT_URL_SESV2, credentials });
    for (const subject of ['First', 'Second']) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: env.MAIL_FROM,
          Destination: { ToAddresses: ['ann@example.com'] },
          Content: {
            Simple: {
              Subject: { Data: subject },
              Body: { Html: { Data: '<a href="http://localhost/reset?token=1">Reset</a>' }, Text: { Data: 'Reset' } },
            },
          },
        }),
      );
    }
    const outbox = await (await localTools(inject('baseUrl'), '/outbox.json')).json();
    const mine = outbox.filter((mail: { to: string[] }) => mail.to.includes('ann@example.com'));
    expect(mine.map((mail: { subject: string }) => mail.subject).slice(0, 2)).toEqual(['Second', 'First']);
    expect(mine[0]).toMatchObject({ from: 'Hill & Brook Blinds <orders@hillbrookblinds.com>' });
    const page = await (await localTools(inject('baseUrl'), `/outbox?id=${mine[0].id}`)).text();
    expect(page).toContain('Second');
    expect(page).toContain('http://localhost/reset?token=1');
  });
});

describe('startLocalStack', () => {
  it('keeps data, user pool, staff account and bucket across restarts, and presigned URLs work', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-restart-'));
    try {
      const first = await startStackOfItsOwn({ port: 0, dataDir, serveSpa: false });
      let presignedGet: string;
      try {
        const table = localClient(first.env.AWS_ENDPOINT_URL_DYNAMODB as string);
        await table.send(
          new PutItemCommand({
            TableName: 'shop',
            Item: { pk: { S: 'CLIENT#1' }, sk: { S: 'PROFILE' }, name: { S: 'Ann' } },
          }),
        );
        table.destroy();
        const s3 = new S3Client({
          region: 'us-east-1',
          endpoint: first.env.AWS_ENDPOINT_URL_S3,
          forcePathStyle: true,
          credentials,
        });
        const putUrl = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'shop-uploads', Key: 'resumes/ann.pdf' }));
        expect((await fetch(putUrl, { method: 'PUT', body: 'resume bytes' })).status).toBe(200);
        presignedGet = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'shop-uploads', Key: 'resumes/ann.pdf' }));
        expect(await (await fetch(presignedGet)).text()).toBe('resume bytes');
      } finally {
        await first.stop();
      }

      const second = await startStackOfItsOwn({ port: 0, dataDir, serveSpa: false });
      try {
        expect(second.userPool.userPoolId).toBe(first.userPool.userPoolId);
        expect(second.userPool.userPoolClientId).toBe(first.userPool.userPoolClientId);
        expect(second.staffAccount).toEqual(first.staffAccount);
        // Same issuer (it contains cognito-local's port): a browser's saved sign-in still verifies.
        expect(second.env.JWT_ISSUER).toBe(first.env.JWT_ISSUER);
        const table = localClient(second.env.AWS_ENDPOINT_URL_DYNAMODB as string);
        const item = await table.send(
          new GetItemCommand({ TableName: 'shop', Key: { pk: { S: 'CLIENT#1' }, sk: { S: 'PROFILE' } } }),
        );
        table.destroy();
        expect(item.Item?.name?.S).toBe('Ann');
        const s3 = new S3Client({
          region: 'us-east-1',
          endpoint: second.env.AWS_ENDPOINT_URL_S3,
          forcePathStyle: true,
          credentials,
        });
        const object = await s3.send(new GetObjectCommand({ Bucket: 'shop-uploads', Key: 'resumes/ann.pdf' }));
        expect(await object.Body?.transformToString()).toBe('resume bytes');
        const health = await fetch(`${second.url}/api/health`);
        expect(await health.json()).toMatchObject({ status: 'ok' });
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
