/** The Staff tab's routes (owner only). */
import type { StaffInvitation, StaffMember } from '#domain/staff/members';
import type { StaffRole } from '#domain/staff/roles';
import { apiRequest } from '../../api/client';

export async function fetchStaff({ signal }: { signal?: AbortSignal } = {}): Promise<StaffMember[]> {
  return (await apiRequest<{ members: StaffMember[] }>('/admin/staff', { auth: true, signal })).members;
}

export async function inviteStaffMember(invitation: StaffInvitation): Promise<void> {
  await apiRequest('/admin/staff', { method: 'POST', body: invitation, auth: true });
}

const memberPath = (userId: string) => `/admin/staff/${encodeURIComponent(userId)}`;

export function changeStaffRoles(userId: string, roles: StaffRole[]): Promise<StaffMember> {
  return apiRequest<StaffMember>(`${memberPath(userId)}/roles`, { method: 'PUT', body: { roles }, auth: true });
}

export function setStaffMemberAccess(userId: string, enabled: boolean): Promise<StaffMember> {
  return apiRequest<StaffMember>(`${memberPath(userId)}/access`, { method: 'PUT', body: { enabled }, auth: true });
}

export async function removeStaffMember(userId: string): Promise<void> {
  await apiRequest(memberPath(userId), { method: 'DELETE', auth: true });
}
