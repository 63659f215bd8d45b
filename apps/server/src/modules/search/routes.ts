/** GET /b/v1/Search (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, SearchQuerySchema, SearchResultSchema, pagedSchema, type Paged, type SearchResult } from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { presentSearchResult } from './presenter';
import { countHits, searchPage } from './repository';
import { searchTerms } from './terms';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/Search',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['Search'],
        summary: 'Accounts, posted invoices and contacts of the accounts the caller may see, best match first',
        querystring: SearchQuerySchema,
        response: { 200: pagedSchema(SearchResultSchema), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request): Promise<Paged<SearchResult>> => {
      const caller = callerOf(request);
      const { search, skip, take, count } = request.query;
      const terms = searchTerms(search);
      const [rows, total] = await Promise.all([
        searchPage(app.db, caller, terms, skip, take),
        count ? countHits(app.db, caller, terms) : Promise.resolve(undefined),
      ]);
      return { value: rows.map(presentSearchResult), ...(total === undefined ? {} : { count: total }) };
    },
  );
};
