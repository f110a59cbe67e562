import { CUSTOMER_READS, CUSTOMER_READS_WRITES, CUSTOMER_WRITES, handlersIn, route, type HttpRoute } from '../routing';

const propertiesApi = handlersIn<typeof import('./properties-api')>('functions/properties/properties-api.ts');
const windowOrders = handlersIn<typeof import('./window-orders')>('functions/properties/window-orders.ts');

export const propertiesRoutes: HttpRoute[] = [
  route('ListProperties', 'GET /api/properties', propertiesApi('listMyProperties'), CUSTOMER_READS),
  route(
    'EnsureDefaultProperty',
    'POST /api/properties/default',
    propertiesApi('ensureMyDefaultProperty'),
    CUSTOMER_READS_WRITES,
  ),
  route('CreateProperty', 'POST /api/properties', propertiesApi('createMyProperty'), CUSTOMER_WRITES),
  route('UpdateProperty', 'PUT /api/properties/{propertyId}', propertiesApi('updateMyProperty'), CUSTOMER_READS_WRITES),
  route(
    'DeleteProperty',
    'DELETE /api/properties/{propertyId}',
    propertiesApi('deleteMyProperty'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'ListPropertyRooms',
    'GET /api/properties/{propertyId}/rooms',
    propertiesApi('listPropertyRooms'),
    CUSTOMER_READS,
  ),
  route(
    'CreatePropertyRoom',
    'POST /api/properties/{propertyId}/rooms',
    propertiesApi('createPropertyRoom'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'DeletePropertyRoom',
    'DELETE /api/properties/{propertyId}/rooms/{roomId}',
    propertiesApi('deletePropertyRoom'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'ListPropertyWindows',
    'GET /api/properties/{propertyId}/windows',
    propertiesApi('listPropertyWindows'),
    CUSTOMER_READS,
  ),
  route('ListMyWindowSizes', 'GET /api/properties/window-sizes', propertiesApi('listMyWindowSizes'), CUSTOMER_READS),
  route(
    'CreatePropertyWindow',
    'POST /api/properties/{propertyId}/windows',
    propertiesApi('createPropertyWindow'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'UpdatePropertyWindow',
    'PUT /api/properties/{propertyId}/windows/{windowId}',
    propertiesApi('updatePropertyWindow'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'DeletePropertyWindow',
    'DELETE /api/properties/{propertyId}/windows/{windowId}',
    propertiesApi('deletePropertyWindow'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'ImportPropertyWindows',
    'POST /api/properties/{propertyId}/windows/import',
    propertiesApi('importPropertyWindows'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'ExportPropertyWindows',
    'GET /api/properties/{propertyId}/windows/export',
    propertiesApi('exportPropertyWindows'),
    CUSTOMER_READS,
  ),
  route('CreateWindowOrder', 'POST /api/properties/{propertyId}/window-orders', windowOrders('createWindowOrder'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish'],
  }),
  route('ReorderPropertyWindows', 'POST /api/properties/{propertyId}/window-reorders', windowOrders('reorderWindows'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish'],
  }),
];
