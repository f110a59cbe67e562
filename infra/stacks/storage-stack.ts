import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { RESUME_UPLOAD_PREFIX } from '#domain/job-application';
import { RETURN_PHOTO_PREFIX, RETURN_PHOTO_UPLOAD_PREFIX } from '#domain/returns/return-request';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';

export interface StorageStackProps extends StackProps {
  /** The site's origin: browsers upload from its pages straight to the bucket with presigned POSTs. */
  siteUrl: string;
}

/** The private uploads bucket (résumés, return photos, invoice files) and the bucket its access logs go to. */
export class StorageStack extends Stack {
  readonly uploads: Bucket;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, props);

    const accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(accessLogs, {
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop.',
    });

    this.uploads = new Bucket(this, 'Uploads', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      removalPolicy: RemovalPolicy.RETAIN,
      // Presigned POSTs from the site's pages (résumés, return photos): the policy in each form says what may be sent.
      cors: [
        {
          allowedOrigins: [new URL(props.siteUrl).origin],
          allowedMethods: [HttpMethods.POST],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      // An upload no application or return request came to claim, and every replaced or deleted version of one, goes after a day.
      lifecycleRules: [
        ...[RESUME_UPLOAD_PREFIX, RETURN_PHOTO_UPLOAD_PREFIX].map((prefix) => ({
          prefix,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        })),
        // A kept return photo deleted at an account's closure (decision 0072) leaves no version behind.
        { prefix: RETURN_PHOTO_PREFIX, noncurrentVersionExpiration: Duration.days(1), expiredObjectDeleteMarker: true },
      ],
    });
  }
}
