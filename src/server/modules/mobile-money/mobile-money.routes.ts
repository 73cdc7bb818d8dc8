import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MOBILE_MONEY_ORDER_EXISTS_MESSAGE } from '../../../shared/contracts/checkout';
import { api } from '../../../shared/contracts/endpoints/bound';
import { FileNotFoundError } from '../../adapters/storage/file-store';
import { route, type ZodApp } from '../../http/endpoint';
import { HttpError, notFound } from '../../http/errors';
import { HOUR_MS, perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { adminActorOf } from '../admin-auth/require-admin';
import { attachmentDisposition } from '../downloads/file-names';
import { readMultipartUpload } from '../files/uploads';
import { clientCountryOf } from '../taxes/client-country';
import { type MobileMoneyDeps, placeMobileMoneyOrder } from './mobile-money.service';
import { listPendingMobileMoneyOrders } from './operator-orders';
import { acceptProof, decideOrder, findLatestProof, proofRule } from './payment-proofs.service';

/** Paying by mobile money (storefront spec §2 "Mobile-money order dialog") and the operator's desk (admin spec "Mobile Money tab"). */
export const mobileMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files, config } = app.services;
  const deps: MobileMoneyDeps = { db, files, config };
  await registerRateLimits(app);
  registerShopperRoutes(app, deps);
  registerOperatorRoutes(app, deps);
};

/** Per order too, whoever sends: a leaked order id cannot be used to fill the disk or the mailboxes. */
function perOrderUploadLimit(app: ZodApp) {
  // (A second route-level limit would be skipped: the plugin runs one per request.)
  const orderUploads = app.createRateLimit({
    max: 10,
    timeWindow: '10 minutes',
    keyGenerator: (request) => `receipt-order:${(request.params as { id?: string }).id ?? ''}`,
  });
  return async (request: FastifyRequest) => {
    const limit = await orderUploads(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new HttpError(
        429,
        `Too many uploads for this order. Please try again in ${Math.ceil(limit.ttlInSeconds / 60)} minutes.`,
        { 'retry-after': String(limit.ttlInSeconds) },
      );
    }
  };
}

/** The shopper's side: placing the order, then sending the payment proof. */
function registerShopperRoutes(app: ZodApp, deps: MobileMoneyDeps): void {
  const { config } = app.services;
  const perOrder = perOrderUploadLimit(app);
  const clientCountry = clientCountryOf(app);

  route(
    app,
    api.checkout.createMobileMoneyOrder,
    {
      // Floods: orders per client address; orders per email are counted in the database.
      config: { rateLimit: { max: config.limits.ordersPerClientPerHour, timeWindow: HOUR_MS } },
    },
    async (request, reply) => {
      const placed = await placeMobileMoneyOrder(
        deps,
        request.body,
        app.services.siteOrigin.placedThrough(request),
        clientCountry(request),
        request.ip,
      );
      // A repeat without the claim key the order was placed with: it exists, nothing more.
      if (!placed.response) {
        return reply
          .code(202)
          .header('cache-control', 'no-store')
          .send({ orderExists: true as const, message: MOBILE_MONEY_ORDER_EXISTS_MESSAGE });
      }
      return reply
        .code(placed.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(placed.response);
    },
  );

  // The order's public id (≥128 random bits) is the right to send its payment proof.
  route(
    app,
    api.checkout.uploadReceipt,
    {
      config: perClientLimit(config.uploads.proofsPerClient, '10 minutes', 'Too many uploads.'),
      preHandler: perOrder,
    },
    async (request, reply) => {
      await acceptProof(deps, request.params.id, async () => {
        const upload = await readMultipartUpload(request, { receipt: proofRule });
        return { file: upload.files.receipt, provider: upload.fields.provider };
      });
      return reply.code(201).header('cache-control', 'no-store').send({
        status: 'pending_verification',
        message: 'Receipt received: we check it within 24 hours.',
      });
    },
  );
}

/** The operator's desk: pending orders, their payment proofs, and the decision. */
function registerOperatorRoutes(app: ZodApp, { db, files }: MobileMoneyDeps): void {
  route(app, api.admin.pendingMobileMoney, async (request, reply) => {
    const { orders, total } = await listPendingMobileMoneyOrders(db, request.query);
    // The body stays the spec's array; the pager reads how many match in all from a header.
    return reply.header('cache-control', 'no-store').header('x-total-count', String(total)).send(orders);
  });

  route(app, api.admin.verifyOrder, async (request) => {
    const order = await decideOrder(db, adminActorOf(request), request.params.id, {
      kind: 'validate',
      verifiedBy: request.body.verifiedBy,
    });
    return {
      id: order.id,
      status: 'completed' as const,
      message: 'Order validated and guide sent to customer',
    };
  });

  route(app, api.admin.rejectOrder, async (request) => {
    const reason = request.body?.reason || undefined;
    const order = await decideOrder(db, adminActorOf(request), request.params.id, { kind: 'reject', reason });
    return { id: order.id, status: 'rejected' as const, message: 'Rejection email sent to customer' };
  });

  // Private: read with the admin key only, shown inline but unable to run anything on our origin.
  route(app, api.admin.receipt, { compress: false }, async (request, reply) => {
    const file = await findLatestProof(db, request.params.id);
    try {
      const stream = await files.stream(file.storageKey);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          attachmentDisposition(file.originalName).replace(/^attachment/, 'inline'),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data: blob:")
        .header('referrer-policy', 'no-referrer')
        .send(stream);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw notFound('Receipt not found');
      throw error;
    }
  });
}
