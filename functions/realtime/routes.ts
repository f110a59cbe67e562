import { handlersIn, socketRoute, type WebSocketRoute } from '../routing';

const connections = handlersIn<typeof import('./connections')>('functions/realtime/connections.ts');

export const realtimeSocketRoutes: WebSocketRoute[] = [
  socketRoute('RealtimeConnect', '$connect', connections('connect'), ['table:read', 'table:write', 'websocket:post']),
  socketRoute('RealtimeDisconnect', '$disconnect', connections('disconnect'), [
    'table:read',
    'table:write',
    'websocket:post',
  ]),
  socketRoute('RealtimeDefault', '$default', connections('unknownAction'), ['table:write', 'websocket:post']),
];
