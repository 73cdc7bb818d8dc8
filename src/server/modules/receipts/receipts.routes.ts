import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { privateDownload } from '../downloads/downloads.routes';
import { orderReceiptPdf } from './order-receipt';

/** A receipt costs a typesetting run: a client asking for more than a person would is slowed down. */
const RECEIPTS_PER_CLIENT_PER_MINUTE = 20;

export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerRateLimits(app);
  const { db } = app.services;

  route(
    app,
    api.receipts.orderReceipt,
    { config: perClientLimit(RECEIPTS_PER_CLIENT_PER_MINUTE, '1 minute', 'Too many receipts.') },
    async (request, reply) => {
      const { pdf, fileName } = await orderReceiptPdf(db, request.params.id);
      privateDownload(reply, fileName, 'application/pdf').header('content-length', pdf.byteLength);
      return reply.send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
};
