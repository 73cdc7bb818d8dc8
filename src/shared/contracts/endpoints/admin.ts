/**
 * The admin tabs' calls, every one behind the admin key (x-admin-key). One export per endpoint, so that a
 * bundle keeps only what it calls; the schemas are in ./admin.schemas.ts under the same names.
 */
import { ADMIN, ADMIN_FILE, ADMIN_UPLOAD, del, get, patch, post, put } from './declare';
/** What the admin gate calls to check a key before unlocking. */
export const session = get('/api/admin/session', ADMIN);
export const listGuides = get('/api/admin/travel-guides', ADMIN);
export const createGuide = post('/api/admin/guides', ADMIN_UPLOAD);
export const replaceGuide = put('/api/admin/guides/:id', ADMIN_UPLOAD);
/** The spec's JSON edit: the body is parsed by the shared guide schema in the service. */
export const updateGuide = put('/api/travel-guides/:id', ADMIN);
export const unpublishGuide = del('/api/travel-guides/:id', ADMIN);
export const canDeleteGuide = get('/api/travel-guides/:id/can-delete', ADMIN);
export const deleteGuide = del('/api/travel-guides/:id/permanent', ADMIN);
export const uploadGuidePdf = post('/api/admin/upload/guide', ADMIN_UPLOAD);
export const listContent = get('/api/admin/content', ADMIN);
export const saveContent = put('/api/admin/content/:key', ADMIN);
export const contentVersions = get('/api/admin/content/:key/versions', ADMIN);
export const rollbackContent = post('/api/admin/content/:key/rollback', ADMIN);
export const listEmails = get('/api/admin/emails', ADMIN);
export const emailStats = get('/api/admin/emails/stats', ADMIN);
export const exportCustomers = get('/api/admin/emails/export', ADMIN_FILE);
export const deliverOrder = post('/api/orders/:id/deliver', ADMIN);
export const listMedia = get('/api/admin/media', ADMIN);
export const uploadMedia = post('/api/admin/upload/media', ADMIN_UPLOAD);
export const deleteMedia = del('/api/admin/media/:id', ADMIN);
export const pendingMobileMoney = get('/api/orders/pending-mobile-money', ADMIN);
export const verifyOrder = patch('/api/orders/:id/verify', ADMIN);
export const rejectOrder = patch('/api/orders/:id/reject', ADMIN);
export const receipt = get('/api/admin/receipts/:id', ADMIN_FILE);
export const analyticsSummary = get('/api/admin/analytics/summary', ADMIN);
export const analyticsEvents = get('/api/admin/analytics/events', ADMIN);
export const analyticsFunnel = get('/api/admin/analytics/funnel', ADMIN);
export const analyticsPages = get('/api/admin/analytics/pages', ADMIN);
export const analyticsGeo = get('/api/admin/analytics/geo', ADMIN);
export const analyticsUsersTimeseries = get('/api/admin/analytics/users/timeseries', ADMIN);
export const analyticsTimeseries = get('/api/admin/analytics/timeseries', ADMIN);
export const analyticsSessions = get('/api/admin/analytics/sessions', ADMIN);
