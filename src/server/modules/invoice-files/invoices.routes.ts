import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { privateDownload } from '../downloads/downloads.routes';
import { attachmentDisposition } from '../downloads/file-names';
import { setBusinessDetails } from '../invoices/business-details';
import { invoiceRegisterCsv, taxReportCsv } from './invoice-exports';
import { creditNotePdf, type DocumentPdf, invoicePdf } from './invoice-pdf';

/** A document costs a typesetting run: a client asking for more than a person would is slowed down. */
const DOCUMENTS_PER_CLIENT_PER_MINUTE = 20;

function sendPdf(reply: FastifyReply, { pdf, fileName }: DocumentPdf) {
  privateDownload(reply, fileName, 'application/pdf').header('content-length', pdf.byteLength);
  return reply.send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerRateLimits(app);
  const { db } = app.services;
  const limited = {
    config: perClientLimit(DOCUMENTS_PER_CLIENT_PER_MINUTE, '1 minute', 'Too many documents.'),
  };
  const e = api.invoices;

  route(app, e.orderInvoice, limited, async (request, reply) =>
    sendPdf(reply, await invoicePdf(db, { publicId: request.params.id })),
  );
  route(app, e.orderBusinessDetails, limited, async (request) =>
    setBusinessDetails(db, request.params.id, request.body),
  );
  route(app, e.orderCreditNote, limited, async (request, reply) =>
    sendPdf(reply, await creditNotePdf(db, { publicId: request.params.id }, request.params.number)),
  );
  route(app, e.adminOrderInvoice, async (request, reply) =>
    sendPdf(reply, await invoicePdf(db, { orderId: request.params.id })),
  );
  route(app, e.adminOrderCreditNote, async (request, reply) =>
    sendPdf(reply, await creditNotePdf(db, { orderId: request.params.id }, request.params.number)),
  );
  const sendCsv = (reply: FastifyReply, name: string, body: string) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachmentDisposition(name))
      .send(body);
  route(app, e.invoiceRegister, async (request, reply) =>
    sendCsv(
      reply,
      `invoices-${request.query.from}-${request.query.to}.csv`,
      await invoiceRegisterCsv(db, request.query),
    ),
  );
  route(app, e.taxReport, async (request, reply) =>
    sendCsv(
      reply,
      `tax-report-${request.query.from}-${request.query.to}.csv`,
      await taxReportCsv(db, request.query),
    ),
  );
};
