/** GET /api/admin/session: lets the admin area ask the API, not the browser, whether the caller is staff. */
import { requireAdmin } from '../lib/caller';
import { httpHandler, json } from '../lib/http';

export const getAdminSession = httpHandler(async (event) => {
  requireAdmin(event);
  return json(200, { isAdmin: true });
});
