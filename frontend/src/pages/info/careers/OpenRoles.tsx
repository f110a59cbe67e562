import { Stack } from '@chakra-ui/react';
import { RoleCard } from './RoleCard';
import type { CareerCategory } from './roles';

/** A category's roles, each to read more about and apply for. */
export function OpenRoles({ category }: { category: CareerCategory }) {
  return (
    <Stack gap={5}>
      {category.roles.map((role) => (
        <RoleCard key={role.id} category={category} role={role} />
      ))}
    </Stack>
  );
}
