import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http-util';
import type { Outbox } from './outbox';

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  ReplyToAddresses?: string[];
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      /** RawContent arrives base64-encoded, as the SDK sends it. */
      Attachments?: Array<{ FileName?: string; ContentType?: string; RawContent?: string }>;
    };
    Raw?: { Data?: string };
  };
}

/**
 * SESv2's SendEmail (REST-JSON, POST /v2/email/outbound-emails), so the mail adapter sends with the
 * real @aws-sdk/client-sesv2 (AWS_ENDPOINT_URL_SESV2); mails land in the local outbox.
 */
export function createSesEndpoint(outbox: Outbox) {
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'POST' || path !== '/v2/email/outbound-emails') {
      return sesError(res, 404, 'NotFoundException', `${req.method} ${path} is not supported locally`);
    }
    let input: SendEmailRequest;
    try {
      input = JSON.parse((await readBody(req)).toString('utf8')) as SendEmailRequest;
    } catch {
      return sesError(res, 400, 'BadRequestException', 'Request body is not valid JSON');
    }
    const to = input.Destination?.ToAddresses ?? [];
    const cc = input.Destination?.CcAddresses ?? [];
    const bcc = input.Destination?.BccAddresses ?? [];
    if (to.length + cc.length + bcc.length === 0) {
      return sesError(res, 400, 'BadRequestException', 'Missing destination');
    }
    const simple = input.Content?.Simple;
    const raw = input.Content?.Raw?.Data;
    if (!simple && !raw) {
      return sesError(res, 400, 'BadRequestException', 'Content must be Simple or Raw locally');
    }
    const rawText = raw ? Buffer.from(raw, 'base64').toString('utf8') : undefined;
    const from = input.FromEmailAddress ?? (rawText ? rawHeader(rawText, 'From') : undefined);
    if (!from) return sesError(res, 400, 'BadRequestException', 'Missing FromEmailAddress');
    const mail = await outbox.add({
      from,
      to,
      cc,
      bcc,
      replyTo: input.ReplyToAddresses ?? [],
      subject: simple?.Subject?.Data ?? (rawText ? (rawHeader(rawText, 'Subject') ?? '') : ''),
      text: simple ? simple.Body?.Text?.Data : rawText,
      html: simple?.Body?.Html?.Data,
      attachments: (simple?.Attachments ?? []).map((attachment) => ({
        fileName: attachment.FileName ?? '',
        contentType: attachment.ContentType ?? 'application/octet-stream',
        contentBase64: attachment.RawContent ?? '',
      })),
    });
    sendJson(res, 200, { MessageId: mail.id });
  };
}

function rawHeader(message: string, name: string): string | undefined {
  const headers = message.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers);
  return match?.[1]?.trim();
}

function sesError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': type });
}
