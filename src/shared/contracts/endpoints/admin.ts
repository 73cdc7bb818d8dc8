/**
 * The admin tabs' calls, every one behind the admin key (x-admin-key). One export per endpoint, so that a
 * bundle keeps only what it calls; the schemas are in ./admin.schemas.ts under the same names.
 */
import type { Route } from './define';
/** What the admin gate calls to check a key before unlocking. */
export const session = { method: 'GET', path: '/api/admin/session', admin: true } as const satisfies Route;
export const listGuides = {
  method: 'GET',
  path: '/api/admin/travel-guides',
  admin: true,
} as const satisfies Route;
export const createGuide = {
  method: 'POST',
  path: '/api/admin/guides',
  admin: true,
  body: 'multipart',
} as const satisfies Route;
export const replaceGuide = {
  method: 'PUT',
  path: '/api/admin/guides/:id',
  admin: true,
  body: 'multipart',
} as const satisfies Route;
/** The spec's JSON edit: the body is parsed by the shared guide schema in the service. */
export const updateGuide = {
  method: 'PUT',
  path: '/api/travel-guides/:id',
  admin: true,
} as const satisfies Route;
export const unpublishGuide = {
  method: 'DELETE',
  path: '/api/travel-guides/:id',
  admin: true,
} as const satisfies Route;
export const canDeleteGuide = {
  method: 'GET',
  path: '/api/travel-guides/:id/can-delete',
  admin: true,
} as const satisfies Route;
export const deleteGuide = {
  method: 'DELETE',
  path: '/api/travel-guides/:id/permanent',
  admin: true,
} as const satisfies Route;
export const uploadGuidePdf = {
  method: 'POST',
  path: '/api/admin/upload/guide',
  admin: true,
  body: 'multipart',
} as const satisfies Route;
export const listContent = {
  method: 'GET',
  path: '/api/admin/content',
  admin: true,
} as const satisfies Route;
export const saveContent = {
  method: 'PUT',
  path: '/api/admin/content/:key',
  admin: true,
} as const satisfies Route;
export const contentVersions = {
  method: 'GET',
  path: '/api/admin/content/:key/versions',
  admin: true,
} as const satisfies Route;
export const rollbackContent = {
  method: 'POST',
  path: '/api/admin/content/:key/rollback',
  admin: true,
} as const satisfies Route;
export const listEmails = { method: 'GET', path: '/api/admin/emails', admin: true } as const satisfies Route;
export const emailStats = {
  method: 'GET',
  path: '/api/admin/emails/stats',
  admin: true,
} as const satisfies Route;
export const exportCustomers = {
  method: 'GET',
  path: '/api/admin/emails/export',
  admin: true,
  response: 'file',
} as const satisfies Route;
export const deliverOrder = {
  method: 'POST',
  path: '/api/orders/:id/deliver',
  admin: true,
} as const satisfies Route;
export const listMedia = { method: 'GET', path: '/api/admin/media', admin: true } as const satisfies Route;
export const uploadMedia = {
  method: 'POST',
  path: '/api/admin/upload/media',
  admin: true,
  body: 'multipart',
} as const satisfies Route;
export const deleteMedia = {
  method: 'DELETE',
  path: '/api/admin/media/:id',
  admin: true,
} as const satisfies Route;
export const pendingMobileMoney = {
  method: 'GET',
  path: '/api/orders/pending-mobile-money',
  admin: true,
} as const satisfies Route;
export const verifyOrder = {
  method: 'PATCH',
  path: '/api/orders/:id/verify',
  admin: true,
} as const satisfies Route;
export const rejectOrder = {
  method: 'PATCH',
  path: '/api/orders/:id/reject',
  admin: true,
} as const satisfies Route;
export const receipt = {
  method: 'GET',
  path: '/api/admin/receipts/:id',
  admin: true,
  response: 'file',
} as const satisfies Route;
export const analyticsSummary = {
  method: 'GET',
  path: '/api/admin/analytics/summary',
  admin: true,
} as const satisfies Route;
export const analyticsEvents = {
  method: 'GET',
  path: '/api/admin/analytics/events',
  admin: true,
} as const satisfies Route;
export const analyticsFunnel = {
  method: 'GET',
  path: '/api/admin/analytics/funnel',
  admin: true,
} as const satisfies Route;
export const analyticsPages = {
  method: 'GET',
  path: '/api/admin/analytics/pages',
  admin: true,
} as const satisfies Route;
export const analyticsGeo = {
  method: 'GET',
  path: '/api/admin/analytics/geo',
  admin: true,
} as const satisfies Route;
export const analyticsUsersTimeseries = {
  method: 'GET',
  path: '/api/admin/analytics/users/timeseries',
  admin: true,
} as const satisfies Route;
export const analyticsTimeseries = {
  method: 'GET',
  path: '/api/admin/analytics/timeseries',
  admin: true,
} as const satisfies Route;
export const analyticsSessions = {
  method: 'GET',
  path: '/api/admin/analytics/sessions',
  admin: true,
} as const satisfies Route;
