import { Badge, Box, Button, Checkbox, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { staffInvitationSchema, type StaffMember } from '#domain/staff/members';
import { STAFF_ROLE_LABELS, STAFF_ROLE_SUMMARIES, STAFF_ROLES, type StaffRole } from '#domain/staff/roles';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { FormField, focusFirstInvalid, parseFormValues } from '../../components/form/FormField';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';
import { changeStaffRoles, fetchStaff, inviteStaffMember, removeStaffMember, setStaffMemberAccess } from './staff-api';

const INVITE_FIELDS = ['firstName', 'lastName', 'email', 'roles'];

const failureMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;

/** One checkbox per role, with what the role is for. */
function RoleChoices({
  idPrefix,
  roles,
  onChange,
  invalid = false,
  describedBy,
}: {
  idPrefix: string;
  roles: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <Stack gap="2" aria-describedby={describedBy}>
      {STAFF_ROLES.map((role) => (
        <Checkbox.Root
          key={role}
          id={`${idPrefix}-${role}`}
          colorPalette="brand"
          invalid={invalid}
          checked={roles.includes(role)}
          onCheckedChange={(change) =>
            onChange(STAFF_ROLES.filter((each) => (each === role ? change.checked === true : roles.includes(each))))
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {STAFF_ROLE_LABELS[role]}{' '}
            <Text as="span" color="gray.600" fontWeight="normal">
              ({STAFF_ROLE_SUMMARIES[role]})
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}

/** Invite by e-mail: the user pool mails the invitation with a temporary password, in the shop's words. */
function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', roles: [] as StaffRole[] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invitation = parseFormValues(staffInvitationSchema, values, setErrors);
    if (!invitation) return;
    setSaving(true);
    try {
      await inviteStaffMember(invitation);
      toaster.create({ type: 'success', title: `Invitation sent to ${invitation.email}.` });
      setValues({ firstName: '', lastName: '', email: '', roles: [] });
      onInvited();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, INVITE_FIELDS, fieldErrors);
      toaster.create({
        type: 'error',
        title: failureMessage(error, 'The invitation could not be sent. Please try again.'),
      });
    } finally {
      setSaving(false);
    }
  }

  const text = (name: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <FormField id={`staff-invite-${name}`} name={name} label={label} error={errors[name]} required>
      {(control) => (
        <Input
          {...control}
          type={type}
          autoComplete="off"
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </FormField>
  );

  return (
    <Box
      as="section"
      aria-labelledby="staff-invite-heading"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
    >
      <Heading as="h3" id="staff-invite-heading" size="md" color="brand.800" mb="3">
        Invite a member of staff
      </Heading>
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {text('firstName', 'First name')}
            {text('lastName', 'Last name')}
            {text('email', 'E-mail address', 'email')}
          </SimpleGrid>
          <Box as="fieldset">
            <Text as="legend" fontWeight="medium" mb="2">
              Roles
            </Text>
            <RoleChoices
              idPrefix="staff-invite-role"
              roles={values.roles}
              onChange={(roles) => setValues((current) => ({ ...current, roles }))}
              invalid={Boolean(errors.roles)}
              describedBy={errors.roles ? 'staff-invite-roles-error' : undefined}
            />
            {errors.roles && (
              <Text id="staff-invite-roles-error" color="red.700" fontSize="sm" mt="1">
                {errors.roles}
              </Text>
            )}
          </Box>
          <Box>
            <Button type="submit" colorPalette="brand" loading={saving} loadingText="Sending invitation">
              Send invitation
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}

function MemberCard({
  member,
  onChanged,
  onRemoved,
}: {
  member: StaffMember;
  onChanged: (member: StaffMember) => void;
  onRemoved: (userId: string) => void;
}) {
  const headingId = `staff-member-${member.userId}`;
  const who = member.name || member.email;
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [busy, setBusy] = useState<'roles' | 'access' | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const rolesChanged = roles.join() !== member.roles.join() || member.legacyAdmin;

  async function act<T>(kind: 'roles' | 'access', request: () => Promise<T>, success: string): Promise<T | undefined> {
    setBusy(kind);
    try {
      const answer = await request();
      toaster.create({ type: 'success', title: success });
      return answer;
    } catch (error) {
      toaster.create({
        type: 'error',
        title: failureMessage(error, 'The change could not be saved. Please try again.'),
      });
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  async function saveRoles() {
    if (roles.length === 0) {
      toaster.create({ type: 'error', title: 'Choose at least one role.' });
      return;
    }
    const changed = await act('roles', () => changeStaffRoles(member.userId, roles), `Roles of ${who} saved.`);
    if (changed) onChanged(changed);
    else setRoles(member.roles);
  }

  async function toggleAccess() {
    const enabled = !member.enabled;
    const changed = await act(
      'access',
      () => setStaffMemberAccess(member.userId, enabled),
      enabled ? `${who} can sign in again.` : `${who} can no longer sign in.`,
    );
    if (changed) onChanged(changed);
  }

  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
      aria-labelledby={headingId}
    >
      <Flex justify="space-between" wrap="wrap" gap="2" align="baseline">
        <Heading as="h3" id={headingId} size="sm" color="brand.800">
          {who}
        </Heading>
        <Flex gap="2">
          {member.status === 'invited' && <Badge colorPalette="orange">Invited</Badge>}
          <Badge colorPalette={member.enabled ? 'green' : 'gray'}>{member.enabled ? 'Enabled' : 'Disabled'}</Badge>
        </Flex>
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" mt="3">
        <RecordDetail label="E-mail">
          <a href={`mailto:${member.email}`}>{member.email}</a>
        </RecordDetail>
        <RecordDetail label="Roles">
          {member.roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ')}
          {member.legacyAdmin && ' (from the former admin group)'}
        </RecordDetail>
        <RecordDetail label="Member since">
          <time dateTime={member.createdAt}>{staffDateTimeFormat.format(new Date(member.createdAt))}</time>
        </RecordDetail>
      </Box>
      <Box as="fieldset" mt="4">
        <Text as="legend" fontSize="sm" fontWeight="semibold" mb="2">
          Roles of {who}
        </Text>
        <RoleChoices idPrefix={`staff-${member.userId}-role`} roles={roles} onChange={setRoles} />
      </Box>
      <Flex mt="3" gap="3" wrap="wrap">
        <Button
          size="sm"
          colorPalette="brand"
          onClick={saveRoles}
          disabled={!rolesChanged}
          loading={busy === 'roles'}
          aria-label={`Save roles of ${who}`}
        >
          Save roles
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="brand"
          onClick={toggleAccess}
          loading={busy === 'access'}
          aria-label={`${member.enabled ? 'Disable' : 'Enable'} ${who}`}
        >
          {member.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => setConfirmRemove(true)}
          aria-label={`Remove ${who}`}
        >
          Remove
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirmRemove}
        title={`Remove ${who}?`}
        message={`${member.email} will no longer be able to sign in, and their account is deleted. You can invite them again later.`}
        confirmLabel="Remove"
        onClose={() => setConfirmRemove(false)}
        onConfirm={async () => {
          try {
            await removeStaffMember(member.userId);
            toaster.create({ type: 'success', title: `${who} was removed.` });
            setConfirmRemove(false);
            onRemoved(member.userId);
          } catch (error) {
            toaster.create({
              type: 'error',
              title: failureMessage(error, 'The member could not be removed. Please try again.'),
            });
          }
        }}
      />
    </Box>
  );
}

/** Admin → Staff (owner only): who works in the admin area, with which roles, and who may sign in. */
export function StaffTab() {
  const { state, reload, refresh, update } = useResource(fetchStaff);
  return (
    <Stack gap="6">
      <InviteForm onInvited={refresh} />
      <Box as="section" aria-labelledby="staff-members-heading">
        <Heading as="h2" id="staff-members-heading" size="lg" color="brand.800" mb="3">
          Members of staff
        </Heading>
        <LoadState resource={state} loading="Loading staff…" failed="The staff could not be loaded." onRetry={reload}>
          {(members) =>
            members.length === 0 ? (
              <Text>No members of staff yet.</Text>
            ) : (
              <Stack as="ul" gap="3">
                {members.map((member) => (
                  <MemberCard
                    key={`${member.userId}-${member.roles.join()}-${member.enabled}`}
                    member={member}
                    onChanged={(changed) =>
                      update((list) => list.map((each) => (each.userId === changed.userId ? changed : each)))
                    }
                    onRemoved={(userId) => update((list) => list.filter((each) => each.userId !== userId))}
                  />
                ))}
              </Stack>
            )
          }
        </LoadState>
      </Box>
    </Stack>
  );
}
