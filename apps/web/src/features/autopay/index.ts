/** Automatic payments (docs/decisions/0006-where-the-spec-is-wrong.md): what the payments screen composes. */
export { autopayScheduleQuery } from './api/get-autopay-schedule';
export { AutomaticPayments } from './components/automatic-payments';
export { autopayLocales } from './locales';
