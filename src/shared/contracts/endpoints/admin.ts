import type { adminSchemas } from './admin.schemas';
import { declareRoutes } from './define';

/** The admin tabs' calls, every one behind the admin key (x-admin-key). */
export const admin = declareRoutes<typeof adminSchemas>()({
  /** What the admin gate calls to check a key before unlocking. */
  session: { method: 'GET', path: '/api/admin/session', admin: true },
  listGuides: { method: 'GET', path: '/api/admin/travel-guides', admin: true },
  createGuide: { method: 'POST', path: '/api/admin/guides', admin: true, body: 'multipart' },
  replaceGuide: { method: 'PUT', path: '/api/admin/guides/:id', admin: true, body: 'multipart' },
  /** The spec's JSON edit: the body is parsed by the shared guide schema in the service. */
  updateGuide: { method: 'PUT', path: '/api/travel-guides/:id', admin: true },
  unpublishGuide: { method: 'DELETE', path: '/api/travel-guides/:id', admin: true },
  canDeleteGuide: { method: 'GET', path: '/api/travel-guides/:id/can-delete', admin: true },
  deleteGuide: { method: 'DELETE', path: '/api/travel-guides/:id/permanent', admin: true },
  uploadGuidePdf: { method: 'POST', path: '/api/admin/upload/guide', admin: true, body: 'multipart' },
  listContent: { method: 'GET', path: '/api/admin/content', admin: true },
  saveContent: { method: 'PUT', path: '/api/admin/content/:key', admin: true },
  contentVersions: { method: 'GET', path: '/api/admin/content/:key/versions', admin: true },
  rollbackContent: { method: 'POST', path: '/api/admin/content/:key/rollback', admin: true },
  listEmails: { method: 'GET', path: '/api/admin/emails', admin: true },
  emailStats: { method: 'GET', path: '/api/admin/emails/stats', admin: true },
  exportCustomers: { method: 'GET', path: '/api/admin/emails/export', admin: true, response: 'file' },
  deliverOrder: { method: 'POST', path: '/api/orders/:id/deliver', admin: true },
  listMedia: { method: 'GET', path: '/api/admin/media', admin: true },
  uploadMedia: { method: 'POST', path: '/api/admin/upload/media', admin: true, body: 'multipart' },
  deleteMedia: { method: 'DELETE', path: '/api/admin/media/:id', admin: true },
  pendingMobileMoney: { method: 'GET', path: '/api/orders/pending-mobile-money', admin: true },
  verifyOrder: { method: 'PATCH', path: '/api/orders/:id/verify', admin: true },
  rejectOrder: { method: 'PATCH', path: '/api/orders/:id/reject', admin: true },
  receipt: { method: 'GET', path: '/api/admin/receipts/:id', admin: true, response: 'file' },
  analyticsSummary: { method: 'GET', path: '/api/admin/analytics/summary', admin: true },
  analyticsEvents: { method: 'GET', path: '/api/admin/analytics/events', admin: true },
  analyticsFunnel: { method: 'GET', path: '/api/admin/analytics/funnel', admin: true },
  analyticsPages: { method: 'GET', path: '/api/admin/analytics/pages', admin: true },
  analyticsGeo: { method: 'GET', path: '/api/admin/analytics/geo', admin: true },
  analyticsUsersTimeseries: { method: 'GET', path: '/api/admin/analytics/users/timeseries', admin: true },
  analyticsTimeseries: { method: 'GET', path: '/api/admin/analytics/timeseries', admin: true },
  analyticsSessions: { method: 'GET', path: '/api/admin/analytics/sessions', admin: true },
});
