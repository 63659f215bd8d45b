/** Billing/InvoiceURLs and the signed document downloads it links to, under /b. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, IdSchema, InvoiceUrlsSchema } from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { attachment } from './format';
import { DOCUMENT_KINDS } from './signature';
import { getInvoiceUrls, invoiceCdrCsv, invoicePdf, openSignedInvoice } from './service';

const tags = ['Documents'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };

// Query values stay loose strings: a malformed link is answered 403 like any other bad signature.
const LinkQuerySchema = z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() });

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { database: app.database, clock: app.clock };

  app.get(
    '/v1/Billing/InvoiceURLs/:invoiceId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Short-lived signed download links of an invoice (PDF and CDRs) that work without a bearer header',
        params: z.object({ invoiceId: IdSchema }),
        response: { 200: InvoiceUrlsSchema, ...errors },
      },
    },
    async (request) => getInvoiceUrls(deps, callerOf(request), request.params.invoiceId),
  );

  app.get(
    '/v1/documents/invoices/:invoiceId/:document',
    {
      schema: {
        tags,
        summary: 'Download an invoice document through a signed link (no session): the PDF or the CDRs as CSV',
        security: [],
        params: z.object({ invoiceId: IdSchema, document: z.enum(DOCUMENT_KINDS) }),
        querystring: LinkQuerySchema,
        // No response schema: the body is raw bytes (PDF) or a stream (CSV); errors are `{ error }` (403, 404, 410).
      },
    },
    async (request, reply) => {
      const { invoiceId, document } = request.params;
      const invoice = await openSignedInvoice(deps, { invoiceId, kind: document, expires: request.query.expires, sig: request.query.sig });
      // Signed links are personal and short-lived: never cached by browsers or proxies.
      reply.header('cache-control', 'private, no-store');
      const [type, fileName] =
        document === 'pdf' ? ['application/pdf', `Invoice-${invoice.invoiceNumber}.pdf`] : ['text/csv; charset=utf-8', `CDRs-${invoice.invoiceNumber}.csv`];
      reply.type(type).header('content-disposition', attachment(fileName));
      // HEAD answers the headers only: Fastify would otherwise drain a whole CDR export to discard it.
      if (request.method === 'HEAD') return reply.send();
      return reply.send(document === 'pdf' ? await invoicePdf(deps, invoice) : await invoiceCdrCsv(deps, invoice));
    },
  );
};
