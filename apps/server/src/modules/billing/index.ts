/** Billing/* calls: the home model and invoice documents. */
export { billingRoutes } from './routes';
/** The CSV export's primitives, for the usage export (same format, time zone and streaming). */
export { CDR_CHUNK_ROWS, ORDERED_INDEX_SCAN, cdrSelectList, copyCsvStream, timeZoneStatement, type CdrCsvOptions } from './cdr-export';
export { exportControlsOf, sendExport, type ExportControls } from './export-stream';
export { invoiceForMail } from './service';
