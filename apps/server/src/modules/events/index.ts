export { eventRoutes } from './routes';
export { deleteExpiredEvents } from './service';
