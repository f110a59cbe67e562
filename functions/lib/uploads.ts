/**
 * Files the browser sends straight to the private uploads bucket: a presigned POST whose policy
 * names the one key, the content type and the size range, so S3 itself refuses anything else; then
 * the server reads what was stored (its size and bytes) before anything refers to it, deletes
 * what it refuses and copies what it keeps out of the pending prefix that a lifecycle rule empties.
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { storageClient } from './aws-clients';
import { config } from './config';

export interface PresignedUpload {
  url: string;
  /** The form fields to send before the file (the file goes last, as field `file`). */
  fields: Record<string, string>;
  expiresAt: string;
}

/** A presigned POST of exactly `key`, of `contentType`, of at most `maxBytes`, valid `seconds`. */
export async function presignedUpload(
  key: string,
  contentType: string,
  maxBytes: number,
  seconds: number,
  now = new Date(),
): Promise<PresignedUpload> {
  const { url, fields } = await createPresignedPost(storageClient(), {
    Bucket: config().UPLOADS_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: seconds,
  });
  return { url, fields, expiresAt: new Date(now.getTime() + seconds * 1000).toISOString() };
}

export interface StoredUpload {
  /** The whole object's size, from S3. */
  size: number;
  /** The object's first bytes (as many as asked, fewer for a shorter file). */
  head: Uint8Array;
  /** Set on a versioned bucket (AWS): deleting this version removes the bytes, not only hides them. */
  versionId?: string;
}

/** The stored object's size and first `headBytes` bytes, or undefined when nothing was uploaded at `key`. */
export async function readStoredUpload(key: string, headBytes: number): Promise<StoredUpload | undefined> {
  try {
    const object = await storageClient().send(
      new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Range: `bytes=0-${headBytes - 1}` }),
    );
    const head = (await object.Body!.transformToByteArray()).subarray(0, headBytes);
    const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
    return { size: total ? Number(total) : head.length, head, versionId: object.VersionId };
  } catch (error) {
    if (
      (error as { name?: string }).name === 'NoSuchKey' ||
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    )
      return undefined;
    throw error;
  }
}

export async function deleteUpload(key: string, versionId: string | undefined): Promise<void> {
  await storageClient().send(
    new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, VersionId: versionId }),
  );
}

/**
 * Copies a checked upload to where it is kept, with the content type its bytes showed and as an
 * attachment, so S3 serves it as that type and a browser that opens it saves it instead of showing
 * it (a link made before the copy set these, or without uploadLink's, still gets them).
 */
export async function copyUpload(fromKey: string, toKey: string, contentType: string): Promise<void> {
  const bucket = config().UPLOADS_BUCKET;
  await storageClient().send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: toKey,
      CopySource: `${bucket}/${fromKey}`,
      ContentType: contentType,
      ContentDisposition: 'attachment',
      MetadataDirective: 'REPLACE',
    }),
  );
}

export interface UploadLinkOptions {
  /** The type the file's bytes showed; without it S3 answers the type stored with the object (copyUpload's). */
  contentType?: string;
  /** The name the browser saves it under. */
  downloadName?: string;
}

/**
 * A presigned GET of a stored upload, valid `seconds`: always an attachment (a browser saves it, never
 * renders it as a page on the bucket's origin), with its checked type. S3 cannot add
 * `X-Content-Type-Options: nosniff` to a presigned answer; the exact type and the attachment
 * disposition stand in for it (decision 0036).
 */
export function uploadLink(
  key: string,
  seconds: number,
  { contentType, downloadName }: UploadLinkOptions = {},
): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: config().UPLOADS_BUCKET,
    Key: key,
    ResponseContentType: contentType,
    // The ASCII name for old clients, the exact one (RFC 6266) for the rest.
    ResponseContentDisposition:
      downloadName === undefined
        ? 'attachment'
        : `attachment; filename="${downloadName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
  });
  return getSignedUrl(storageClient(), command, { expiresIn: seconds });
}
