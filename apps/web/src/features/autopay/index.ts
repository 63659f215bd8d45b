/** Automatic payments (spec §4, decisions §5): what the payments screen composes. */
export { autopayScheduleQuery } from './api/get-autopay-schedule';
export { AutomaticPayments } from './components/automatic-payments';
export { autopayLocales } from './locales';
