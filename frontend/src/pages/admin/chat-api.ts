/** The staff chat routes (domain/chat/README.md), for the admin Live Chat tab and the phone inbox /chat. */
import type {
  ActiveChatsResponse,
  ChatCustomerPanel,
  PostMessageResponse,
  StaffChatThreadResponse,
  StaffSessionResponse,
} from '#domain/chat/api';
import type { ChatMessage } from '#domain/chat/chat';
import { apiRequest } from '../../api/client';
import { accessToken } from '../../auth/access-token';

const sessionPath = (sessionId: string) => `/admin/chat/sessions/${encodeURIComponent(sessionId)}`;

export function fetchActiveChats(): Promise<ActiveChatsResponse> {
  return apiRequest<ActiveChatsResponse>('/admin/chat/sessions', { auth: true });
}

export function fetchStaffChatMessages(sessionId: string, afterSeq: number): Promise<StaffChatThreadResponse> {
  return apiRequest<StaffChatThreadResponse>(`${sessionPath(sessionId)}/messages?afterSeq=${afterSeq}`, { auth: true });
}

export async function postStaffReply(sessionId: string, text: string, clientMessageId: string): Promise<ChatMessage> {
  const { message } = await apiRequest<PostMessageResponse>(`${sessionPath(sessionId)}/messages`, {
    method: 'POST',
    body: { text, clientMessageId },
    auth: true,
  });
  return message;
}

export function markChatViewed(sessionId: string): Promise<StaffSessionResponse> {
  return apiRequest<StaffSessionResponse>(`${sessionPath(sessionId)}/viewed`, { method: 'POST', auth: true });
}

export function closeChat(sessionId: string): Promise<StaffSessionResponse> {
  return apiRequest<StaffSessionResponse>(`${sessionPath(sessionId)}/close`, { method: 'POST', auth: true });
}

export function fetchChatCustomerPanel(sessionId: string): Promise<ChatCustomerPanel> {
  return apiRequest<ChatCustomerPanel>(`${sessionPath(sessionId)}/customer`, { auth: true });
}

/** The staff WebSocket query: the access token of a user in the group admin. */
export async function staffSocketQuery(): Promise<{ token: string }> {
  const token = await accessToken();
  if (!token) throw new Error('Signed out: staff connect with an access token.');
  return { token };
}
