/** Search. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { presentSearchResult } from './presenter';
import { countHits, searchPage } from './repository';
import { searchTerms } from './terms';

export const searchRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.search, async (request) => {
    const caller = callerOf(request);
    const { search, skip, take, count } = request.query;
    const terms = searchTerms(search);
    const [rows, total] = await Promise.all([
      searchPage(app.db, caller, terms, skip, take),
      count ? countHits(app.db, caller, terms) : Promise.resolve(undefined),
    ]);
    return { value: rows.map(presentSearchResult), ...(total === undefined ? {} : { count: total }) };
  });
};
