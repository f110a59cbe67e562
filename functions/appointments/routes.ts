import {
  MAIL_SENDING_THROTTLE,
  PUBLIC_READS,
  handlersIn,
  route,
  staff,
  type HttpRoute,
  type RouteAccess,
} from '../routing';

const appointmentsApi = handlersIn<typeof import('./appointments-api')>('functions/appointments/appointments-api.ts');
const installationsApi = handlersIn<typeof import('./installations-api')>(
  'functions/appointments/installations-api.ts',
);
const adminInstallations = handlersIn<typeof import('./admin-installations')>(
  'functions/appointments/admin-installations.ts',
);
const adminAppointments = handlersIn<typeof import('./admin-appointments')>(
  'functions/appointments/admin-appointments.ts',
);

/** The customer's mailed link (its token) moves or cancels the appointment, and the change is mailed. */
const CHANGES_BY_LINK: RouteAccess = {
  access: 'public',
  grants: ['table:write', 'bus:publish', 'appointments:token'],
  throttle: MAIL_SENDING_THROTTLE,
};

/** The order mail's link (its token) books, moves or cancels the installation visit; the customer is mailed. */
const INSTALLATION_CHANGES_BY_LINK: RouteAccess = {
  access: 'public',
  grants: ['table:write', 'bus:publish', 'appointments:token'],
  throttle: MAIL_SENDING_THROTTLE,
};

/** Staff move or cancel an appointment; the customer is mailed. */
const STAFF_CHANGES = staff('appointments', ['table:write', 'bus:publish']);
/** Staff change an installation visit; the customer is mailed (the outbox publishes). */
const INSTALLATION_STAFF_CHANGES = staff('installations', ['table:write', 'bus:publish']);

export const appointmentsRoutes: HttpRoute[] = [
  route('ListAppointmentSlots', 'GET /api/appointments/slots', appointmentsApi('listAppointmentSlots'), PUBLIC_READS),
  route('BookAppointment', 'POST /api/appointments', appointmentsApi('createAppointment'), {
    access: 'public',
    grants: ['table:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route('GetAppointmentByToken', 'GET /api/appointments/by-token/{token}', appointmentsApi('getAppointmentByToken'), {
    access: 'public',
    grants: ['table:read', 'appointments:token'],
  }),
  route(
    'RescheduleAppointmentByToken',
    'POST /api/appointments/by-token/{token}/reschedule',
    appointmentsApi('rescheduleByToken'),
    CHANGES_BY_LINK,
  ),
  route(
    'CancelAppointmentByToken',
    'POST /api/appointments/by-token/{token}/cancel',
    appointmentsApi('cancelByToken'),
    CHANGES_BY_LINK,
  ),
  route(
    'ListInstallationSlots',
    'GET /api/installations/slots',
    installationsApi('listInstallationSlots'),
    PUBLIC_READS,
  ),
  route(
    'GetInstallationByToken',
    'GET /api/installations/by-token/{token}',
    installationsApi('getInstallationByToken'),
    { access: 'public', grants: ['table:read', 'appointments:token'] },
  ),
  route(
    'BookInstallationByToken',
    'POST /api/installations/by-token/{token}/visit',
    installationsApi('bookInstallationByToken'),
    INSTALLATION_CHANGES_BY_LINK,
  ),
  route(
    'CancelInstallationByToken',
    'POST /api/installations/by-token/{token}/cancel',
    installationsApi('cancelInstallationByToken'),
    INSTALLATION_CHANGES_BY_LINK,
  ),
  route(
    'ListAdminAppointments',
    'GET /api/admin/appointments',
    adminAppointments('listAppointments'),
    staff('appointments', ['table:read']),
  ),
  route(
    'SetAppointmentStatus',
    'POST /api/admin/appointments/{appointmentId}/status',
    adminAppointments('setAppointmentStatus'),
    staff('appointments', ['table:write']),
  ),
  route(
    'RescheduleAppointment',
    'POST /api/admin/appointments/{appointmentId}/reschedule',
    adminAppointments('rescheduleAppointment'),
    STAFF_CHANGES,
  ),
  route(
    'CancelAppointment',
    'POST /api/admin/appointments/{appointmentId}/cancel',
    adminAppointments('cancelAppointment'),
    STAFF_CHANGES,
  ),
  route(
    'SetAppointmentCapacity',
    'PUT /api/admin/appointment-capacity/{date}',
    adminAppointments('setAppointmentCapacity'),
    staff('appointments', ['table:write']),
  ),
  route(
    'ListAdminInstallations',
    'GET /api/admin/installations',
    adminInstallations('listInstallations'),
    staff('installations', ['table:read']),
  ),
  route(
    'RescheduleInstallation',
    'POST /api/admin/installations/{orderId}/reschedule',
    adminInstallations('rescheduleInstallation'),
    INSTALLATION_STAFF_CHANGES,
  ),
  route(
    'SetInstallationStatus',
    'POST /api/admin/installations/{orderId}/status',
    adminInstallations('setInstallationStatus'),
    INSTALLATION_STAFF_CHANGES,
  ),
  route(
    'SetInstallationCrews',
    'PUT /api/admin/installation-crews/{date}',
    adminInstallations('setInstallationCrews'),
    staff('installations', ['table:write']),
  ),
];
