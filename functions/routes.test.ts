import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '#domain/staff/roles';
import { eventCatalog, multiEventConsumers } from '#events/catalog';
import { queueConsumers } from './queues';
import { httpRoutes, webSocketRoutes } from './routes';
import { STAFF_PATH_PREFIX, type HandlerRef } from './routing';
import { scheduledJobs } from './schedules';

/**
 * Every handler the declarations name: the CDK bundles `file` with `export` as the Lambda handler
 * and the local stack imports them the same way, so a name that is not a function of its module
 * fails only when the route is called. The compiler checks route names (handlersIn); this checks
 * each module as it loads.
 */
const declared: Array<{ id: string; handler: HandlerRef }> = [
  ...httpRoutes,
  ...webSocketRoutes,
  ...eventCatalog.flatMap((event) => event.consumers),
  ...multiEventConsumers,
  ...queueConsumers,
  ...scheduledJobs,
];

/** Each declared module, loaded once. */
const modules = new Map<string, Record<string, unknown>>();

describe('the declared handlers', () => {
  // The first handler module loads the AWS SDK and the shared adapters: seconds on a busy machine.
  beforeAll(async () => {
    for (const file of new Set(declared.map(({ handler }) => handler.file))) {
      modules.set(file, (await import(join(import.meta.dirname, '..', file))) as Record<string, unknown>);
    }
  }, 120_000);

  it('are declared once each, by an id of their own', () => {
    const ids = declared.map(({ id }) => id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it.each(declared.map(({ id, handler }) => [id, handler] as const))(
    '%s: its module exports a function by the declared name',
    (_id, handler) => {
      expect(typeof modules.get(handler.file)?.[handler.export], `${handler.file} ${handler.export}`).toBe('function');
    },
  );
});

describe('the staff routes', () => {
  it('are the routes under /api/admin/, each admitting the owner and only roles of the shop', () => {
    for (const route of httpRoutes) {
      const isStaff = route.access === 'admin';
      expect(route.path.startsWith(STAFF_PATH_PREFIX), route.id).toBe(isStaff);
      expect(route.roles !== undefined, route.id).toBe(isStaff);
      if (route.roles) {
        expect(route.roles, route.id).toContain('owner');
        expect(STAFF_ROLES, route.id).toEqual(expect.arrayContaining(route.roles));
      }
    }
  });
});
