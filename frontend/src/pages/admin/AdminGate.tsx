import { Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { StaffRole } from '#domain/staff/roles';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';
import { verifyAdminSession } from './admin-api';

const ACCESS_DENIED_TOAST = 'Access denied. Admin privileges required.';

type Gate = 'verifying' | 'granted' | 'restricted' | 'unavailable';

const StaffRolesContext = createContext<readonly StaffRole[]>([]);

/** The signed-in member of staff's roles, as the API answered the gate: the tabs and tools their duties admit. */
export function useStaffRoles(): readonly StaffRole[] {
  return useContext(StaffRolesContext);
}

/** The API decides who is staff and with which roles (GET /api/admin/session); the page only reflects its answer. */
function useAdminGate(): { gate: Gate; roles: StaffRole[]; retry: () => void } {
  const [gate, setGate] = useState<Gate>('verifying');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    verifyAdminSession().then(
      (held) => {
        if (!current) return;
        setRoles(held);
        setGate('granted');
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          if (error.status === 403)
            toaster.create({ id: 'admin-access-denied', type: 'error', title: ACCESS_DENIED_TOAST });
          setGate('restricted');
        } else {
          setGate('unavailable');
        }
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return {
    gate,
    roles,
    retry: () => {
      setGate('verifying');
      setAttempt((count) => count + 1);
    },
  };
}

function AccessRestricted({ path }: { path: string }) {
  return (
    <Card.Root maxW="lg" mx="auto" mt="8" textAlign="center">
      <Card.Body gap="3">
        <Heading as="h2" size="xl">
          Access Restricted
        </Heading>
        <Text color="gray.700">This area is for staff. Sign in with an admin account to continue.</Text>
      </Card.Body>
      <Card.Footer justifyContent="center" gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to={`/login?redirect=${path}`}>Login as Admin</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * The staff pages' access gate (/admin, /chat): Verifying admin access, then the children, or the
 * Access Restricted card whose Login as Admin comes back to `path`.
 */
export function AdminGate({ path, children }: { path: string; children: ReactNode }) {
  const { gate, roles, retry } = useAdminGate();
  return (
    <>
      {gate === 'verifying' && (
        <Stack direction="row" align="center" gap="3" role="status">
          <Spinner size="sm" color="brand.600" />
          <Text>Verifying admin access</Text>
        </Stack>
      )}
      {gate === 'restricted' && <AccessRestricted path={path} />}
      {gate === 'unavailable' && (
        <Stack align="start" gap="3" role="alert">
          <Text>Could not verify admin access. Please try again.</Text>
          <Button variant="outline" colorPalette="brand" onClick={retry}>
            Retry
          </Button>
        </Stack>
      )}
      {gate === 'granted' && <StaffRolesContext.Provider value={roles}>{children}</StaffRolesContext.Provider>}
    </>
  );
}
