/**
 * GET /api/admin/session: lets the admin area ask the API, not the browser, whether the caller is
 * staff, and with which roles (the tabs it shows).
 */
import { staffCaller } from '../lib/caller';
import { httpHandler, json } from '../lib/http';

export const getAdminSession = httpHandler(async (event) => {
  const { roles } = staffCaller(event);
  return json(200, { isAdmin: true, roles });
});
