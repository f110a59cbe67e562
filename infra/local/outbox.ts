import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  id: string;
  sentAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text?: string;
  html?: string;
  /** Files sent with the mail, their content base64-encoded. */
  attachments?: Array<{ fileName: string; contentType: string; contentBase64: string }>;
}

/** The local stand-in for SES's recipients: every sent mail, one JSON file each, newest first. */
export class Outbox {
  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<Outbox> {
    await mkdir(dir, { recursive: true });
    return new Outbox(dir);
  }

  async add(mail: Omit<OutboxMail, 'id' | 'sentAt'>): Promise<OutboxMail> {
    const sentAt = new Date();
    const stored: OutboxMail = { id: randomUUID(), sentAt: sentAt.toISOString(), ...mail };
    // The file name sorts by time, so listing needs no index. Written under another name and then
    // renamed, so a listing never reads a mail half-written (it failed a CI run that way).
    const name = `${sentAt.getTime()}-${stored.id}.json`;
    await writeFile(join(this.dir, `${name}.partial`), JSON.stringify(stored, null, 2));
    await rename(join(this.dir, `${name}.partial`), join(this.dir, name));
    return stored;
  }

  async list(): Promise<OutboxMail[]> {
    const files = (await readdir(this.dir))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse();
    return Promise.all(
      files.map(async (name) => JSON.parse(await readFile(join(this.dir, name), 'utf8')) as OutboxMail),
    );
  }
}
