/** The usage module: This period, the records explorer and its export; its partitions and their retention. */
export { usageRoutes } from './routes';
export { dropExpiredCallRecords } from './retention';
