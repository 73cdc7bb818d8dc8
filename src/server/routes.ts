import type { FastifyInstance } from 'fastify';
import { activityRoutes } from './modules/activity/activity.routes';
import { adminAuthRoutes } from './modules/admin-auth/admin-auth.routes';
import { registerAnalytics } from './modules/analytics/analytics.plugin';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { adminGuidesRoutes } from './modules/catalogue/guides.admin.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { consentRoutes } from './modules/consent/consent.routes';
import { adminContentRoutes } from './modules/content/content.admin.routes';
import { contentRoutes } from './modules/content/content.routes';
import { adminCustomerDataRoutes } from './modules/customers/customer-data.admin.routes';
import { adminCustomersRoutes } from './modules/customers/customers.admin.routes';
import { retentionRoutes } from './modules/data-rights/retention.routes';
import { discountsRoutes } from './modules/discounts/discounts.routes';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { editionsRoutes } from './modules/editions/editions.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invoicesRoutes } from './modules/invoice-files/invoices.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { adminMediaRoutes } from './modules/media/media.admin.routes';
import { adminEmailsRoutes } from './modules/messages/messages.admin.routes';
import { automaticPaymentRoutes } from './modules/mobile-money/automatic-payment.routes';
import type { AutomaticPaymentDeps } from './modules/mobile-money/automatic-payment.service';
import { mobileMoneyRoutes } from './modules/mobile-money/mobile-money.routes';
import { needsYouRoutes } from './modules/needs-you/needs-you.routes';
import { adminOrdersRoutes } from './modules/order-desk/order-desk.admin.routes';
import { recordOrderEvent } from './modules/orders/order-events';
import { ordersRoutes } from './modules/orders/orders.routes';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { taxesRoutes } from './modules/taxes/taxes.routes';
import { waveRoutes } from './modules/wave/wave.routes';
import { webAppRoutes } from './modules/web-app/web-app.routes';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes';

/** Every module's routes, in the order they are registered (after the HTTP plugins, before the pages). */
export async function registerModuleRoutes(
  app: FastifyInstance,
  automaticPayment: AutomaticPaymentDeps,
): Promise<void> {
  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  await app.register(contentRoutes);
  await app.register(seoRoutes);
  await app.register(webAppRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(receiptsRoutes);
  await app.register(downloadsRoutes, {
    recordDownload: (orderId, download) =>
      recordOrderEvent(app.services.db, orderId, { kind: 'download', actor: 'buyer', data: download }),
  });
  await app.register(mailRoutes);
  await app.register(adminAuthRoutes);
  await app.register(adminGuidesRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminMediaRoutes);
  await registerAnalytics(app);
  await app.register(mobileMoneyRoutes);
  await app.register(refundsRoutes);
  await app.register(automaticPaymentRoutes, { deps: automaticPayment });
  await app.register(waveRoutes, { deps: app.services.wave, mailConfig: app.services.config });
  await app.register(adminEmailsRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminCustomerDataRoutes);
  await app.register(activityRoutes);
  await app.register(needsYouRoutes);
  await app.register(discountsRoutes);
  await app.register(whatsappRoutes);
  await app.register(libraryRoutes);
  await app.register(editionsRoutes);
  await app.register(reviewsRoutes);
  await app.register(taxesRoutes);
  await app.register(retentionRoutes);
  await app.register(invoicesRoutes);
  await app.register(consentRoutes);
}
