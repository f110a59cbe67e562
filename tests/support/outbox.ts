import type { OutboxMail } from '../../infra/local/outbox';
import { localTools } from './local-tools';

export type { OutboxMail };

/** Every mail the local stack at `baseUrl` has sent, newest first. */
export async function outbox(baseUrl: string): Promise<OutboxMail[]> {
  return (await (await localTools(baseUrl, '/outbox.json')).json()) as OutboxMail[];
}

/** The mails sent to `address` or answering to it (Reply-To), newest first. */
export async function mailsFor(baseUrl: string, address: string): Promise<OutboxMail[]> {
  return (await outbox(baseUrl)).filter((mail) => mail.to.includes(address) || mail.replyTo.includes(address));
}
