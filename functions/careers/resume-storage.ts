/**
 * Résumés in the private uploads bucket: the presigned POST a browser uploads with, reading an
 * upload back to check it, keeping or deleting it, and short-lived download links (docs/decisions/0023).
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { RESUME_MAX_BYTES, resumeContentTypeOf, type ResumeUpload } from '../../domain/job-application';
import { RESUME_CONTENT_TYPES, type ResumeKind } from '../../domain/resume-file';
import { storageClient } from '../lib/aws-clients';
import { config } from '../lib/config';

/** Long enough to upload 5 MB on a slow line; the form is asked for just before the upload. */
export const RESUME_UPLOAD_SECONDS = 10 * 60;

/**
 * A presigned POST of one file to `key`: S3 refuses it unless it is 1 to 5,242,880 bytes long and
 * carries the content type of its extension, and after RESUME_UPLOAD_SECONDS.
 */
export async function presignedResumeUpload(key: string, fileName: string): Promise<ResumeUpload> {
  const contentType = resumeContentTypeOf(fileName);
  const { url, fields } = await createPresignedPost(storageClient(), {
    Bucket: config().UPLOADS_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, RESUME_MAX_BYTES],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: RESUME_UPLOAD_SECONDS,
  });
  return { url, fields, uploadKey: key };
}

export interface StoredUpload {
  /** At most RESUME_MAX_BYTES + 1 bytes: one more than allowed is enough to know the file is too large. */
  bytes: Uint8Array;
  /** The whole object's size, from S3. */
  size: number;
  /** Set on a versioned bucket (AWS): deleting this version removes the bytes, not only hides them. */
  versionId?: string;
}

/** The uploaded object's first RESUME_MAX_BYTES + 1 bytes and its size, or null when there is none. */
export async function readUpload(key: string): Promise<StoredUpload | null> {
  try {
    const object = await storageClient().send(
      new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Range: `bytes=0-${RESUME_MAX_BYTES}` }),
    );
    const bytes = await object.Body!.transformToByteArray();
    const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
    return { bytes, size: total ? Number(total) : bytes.length, versionId: object.VersionId };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return null;
    }
    throw error;
  }
}

export async function deleteUpload(key: string, versionId: string | undefined): Promise<void> {
  await storageClient().send(new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, VersionId: versionId }));
}

/** Copies a checked upload to where the application keeps it, with the type its bytes showed. */
export async function keepResume(uploadKey: string, resumeKey: string, kind: ResumeKind): Promise<void> {
  const bucket = config().UPLOADS_BUCKET;
  await storageClient().send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: resumeKey,
      CopySource: `${bucket}/${uploadKey}`,
      ContentType: RESUME_CONTENT_TYPES[kind],
      MetadataDirective: 'REPLACE',
    }),
  );
}

/** A presigned GET of a kept résumé, downloaded under the applicant's file name. */
export async function resumeDownloadUrl(resumeKey: string, fileName: string, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(
    storageClient(),
    new GetObjectCommand({
      Bucket: config().UPLOADS_BUCKET,
      Key: resumeKey,
      // The ASCII name for old clients, the exact one (RFC 6266) for the rest.
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    }),
    { expiresIn: expiresInSeconds },
  );
}
