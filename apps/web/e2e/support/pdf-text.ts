// The server tests' PDF text reader; the journeys read downloaded PDFs the same way (as they take the demo users from the server's seed).
export { pdfPageCount, pdfText } from '../../../server/test/pdf-text';
