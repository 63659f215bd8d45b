/** Account/* calls, and the automatic payments job (it charges accounts' schedules). */
export { accountRoutes } from './routes';
export { runDueAutopay } from './autopay/runner';
export { noticeUpcomingAutopayments } from './autopay/notices';
export { listNameOf } from './fields';
export { providerAccountRoutes } from './provider';
