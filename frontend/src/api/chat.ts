/**
 * The customer's chat routes (domain/chat/README.md). A chat is reached with its secret (the
 * browser that started it) or, for a signed-in client's own chat, their access token.
 */
import type {
  ChatAvailability,
  ChatThreadResponse,
  CurrentChatResponse,
  PostMessageResponse,
  StartChatResponse,
} from '#domain/chat/api';
import { CHAT_SECRET_HEADER, type ChatMessage } from '#domain/chat/chat';
import { accessToken, accessTokenIfSignedIn } from '../auth/access-token';
import { apiRequest } from './client';

export type ChatCredential = { sessionId: string } & ({ secret: string } | { token: 'signed-in' });

async function credentialHeaders(credential: ChatCredential): Promise<Record<string, string>> {
  if ('secret' in credential) return { [CHAT_SECRET_HEADER]: credential.secret };
  const token = await accessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

const sessionPath = (sessionId: string) => `/chat/sessions/${encodeURIComponent(sessionId)}`;

/** Start Chat: a signed-in client's chat is bound to them (they can resume it from any browser). */
export async function startChat(name: string, phone: string): Promise<StartChatResponse> {
  const token = await accessTokenIfSignedIn();
  return apiRequest<StartChatResponse>('/chat/sessions', {
    method: 'POST',
    body: { name, ...(phone.trim() ? { phone } : {}) },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The signed-in client's latest active chat, or null. */
export function fetchCurrentChat(): Promise<CurrentChatResponse> {
  return apiRequest<CurrentChatResponse>('/chat/sessions/current', { auth: true });
}

/** The chat now and its messages after `afterSeq` (a page of them: `hasMore` asks for the next). */
export async function fetchChatMessages(credential: ChatCredential, afterSeq: number): Promise<ChatThreadResponse> {
  return apiRequest<ChatThreadResponse>(`${sessionPath(credential.sessionId)}/messages?afterSeq=${afterSeq}`, {
    headers: await credentialHeaders(credential),
  });
}

export async function postChatMessage(
  credential: ChatCredential,
  text: string,
  clientMessageId: string,
): Promise<ChatMessage> {
  const { message } = await apiRequest<PostMessageResponse>(`${sessionPath(credential.sessionId)}/messages`, {
    method: 'POST',
    body: { text, clientMessageId },
    headers: await credentialHeaders(credential),
  });
  return message;
}

export function fetchChatAvailability(): Promise<ChatAvailability> {
  return apiRequest<ChatAvailability>('/chat/availability');
}

/** The WebSocket query of this chat's customer (`chatConnectQuerySchema`). */
export async function customerSocketQuery(
  credential: ChatCredential,
): Promise<{ chatSession: string; secret?: string; token?: string }> {
  if ('secret' in credential) return { chatSession: credential.sessionId, secret: credential.secret };
  const token = await accessToken();
  if (!token) throw new Error('Signed out: this chat can no longer be reached with a token.');
  return { chatSession: credential.sessionId, token };
}
