import { handlersIn, route, staff, type HttpRoute } from '../routing';

const members = handlersIn<typeof import('./members')>('functions/staff/members.ts');

/**
 * The Staff tab's routes, owner only (the `staff` duty). userPool:admin: the members are Cognito
 * users and groups; table:write: the staff change lease; bus:publish: StaffMemberChanged for the audit log.
 */
export const staffRoutes: HttpRoute[] = [
  route('ListStaff', 'GET /api/admin/staff', members('listStaff'), staff('staff', ['userPool:admin'])),
  route(
    'InviteStaffMember',
    'POST /api/admin/staff',
    members('inviteStaffMember'),
    staff('staff', ['userPool:admin', 'bus:publish']),
  ),
  route(
    'ChangeStaffRoles',
    'PUT /api/admin/staff/{userId}/roles',
    members('changeStaffRoles'),
    staff('staff', ['table:write', 'userPool:admin', 'bus:publish']),
  ),
  route(
    'SetStaffMemberAccess',
    'PUT /api/admin/staff/{userId}/access',
    members('setStaffMemberAccess'),
    staff('staff', ['table:write', 'userPool:admin', 'bus:publish']),
  ),
  route(
    'RemoveStaffMember',
    'DELETE /api/admin/staff/{userId}',
    members('removeStaffMember'),
    staff('staff', ['table:write', 'userPool:admin', 'bus:publish']),
  ),
];
