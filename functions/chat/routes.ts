import {
  CUSTOMER_READS,
  MAIL_SENDING_THROTTLE,
  PUBLIC_READS,
  handlersIn,
  route,
  socketRoute,
  staff,
  type Grant,
  type HttpRoute,
  type WebSocketRoute,
} from '../routing';

const chatApi = handlersIn<typeof import('./chat-api')>('functions/chat/chat-api.ts');
const staffChatApi = handlersIn<typeof import('./staff-chat-api')>('functions/chat/staff-chat-api.ts');
const socketApi = handlersIn<typeof import('./socket-api')>('functions/chat/socket-api.ts');

/** A chat's change is pushed to the connections of its customer and staff, found in the table. */
const PUSHES: readonly Grant[] = ['table:read', 'table:write', 'websocket:post'];

export const chatRoutes: HttpRoute[] = [
  // table:read: the staff connections told of the new chat; a chat may mail staff (ChatStarted).
  route('StartChat', 'POST /api/chat/sessions', chatApi('startChatSession'), {
    access: 'public',
    grants: [...PUSHES, 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route('GetCurrentChat', 'GET /api/chat/sessions/current', chatApi('getCurrentChat'), CUSTOMER_READS),
  route('ListChatMessages', 'GET /api/chat/sessions/{sessionId}/messages', chatApi('listChatMessages'), PUBLIC_READS),
  route('PostChatMessage', 'POST /api/chat/sessions/{sessionId}/messages', chatApi('postChatMessage'), {
    access: 'public',
    grants: [...PUSHES, 'bus:publish'],
  }),
  route('GetChatAvailability', 'GET /api/chat/availability', chatApi('getChatAvailability'), PUBLIC_READS),
  route(
    'ListActiveChats',
    'GET /api/admin/chat/sessions',
    staffChatApi('listActiveChats'),
    staff('chat', ['table:read']),
  ),
  route(
    'GetChatUnreadCount',
    'GET /api/admin/chat/unread',
    staffChatApi('getChatUnreadCount'),
    staff('chat', ['table:read']),
  ),
  route(
    'ListStaffChatMessages',
    'GET /api/admin/chat/sessions/{sessionId}/messages',
    staffChatApi('listStaffChatMessages'),
    staff('chat', ['table:read']),
  ),
  route(
    'ReplyToChat',
    'POST /api/admin/chat/sessions/{sessionId}/messages',
    staffChatApi('replyToChat'),
    staff('chat', PUSHES),
  ),
  route(
    'MarkChatViewed',
    'POST /api/admin/chat/sessions/{sessionId}/viewed',
    staffChatApi('markChatViewed'),
    staff('chat', PUSHES),
  ),
  route(
    'GetChatCustomer',
    'GET /api/admin/chat/sessions/{sessionId}/customer',
    staffChatApi('getChatCustomer'),
    staff('chat', ['table:read']),
  ),
  route(
    'CloseChat',
    'POST /api/admin/chat/sessions/{sessionId}/close',
    staffChatApi('closeChatSession'),
    staff('chat', PUSHES),
  ),
];

export const chatSocketRoutes: WebSocketRoute[] = [
  socketRoute('ChatSendMessage', 'sendMessage', socketApi('sendMessage'), [...PUSHES, 'bus:publish']),
  socketRoute('ChatTyping', 'typing', socketApi('typing'), PUSHES),
  socketRoute('ChatMarkViewed', 'markViewed', socketApi('markViewed'), PUSHES),
  socketRoute('ChatPing', 'ping', socketApi('ping'), PUSHES),
];
