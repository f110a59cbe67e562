import type { ChatMessage } from '#domain/chat/chat';
import type { ChatCredential } from '../../api/chat';

/** The chat a customer is in: ChatWidget holds it, CustomerThread shows it. */
export interface ActiveChat {
  credential: ChatCredential;
  /** The greeting from the start answer, shown before the thread has loaded. */
  initialMessages: ChatMessage[];
}
