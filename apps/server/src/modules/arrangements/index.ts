/** The arrangements module (Arrangement, Arrangement/options, Arrangement/items, Arrangement/{id}/cancel) and its job step. */
export { arrangementRoutes } from './routes';
export { ARRANGEMENTS_JOB, runArrangements } from './job';
export { coveredReceivableIds } from './repository';
