/**
 * A legal document as data: rendered by LegalPage, one module per document and language so a visitor
 * downloads only the one they read. `{product}`, `{phone}` and `{email}` are filled from config/app.ts.
 */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface LegalDocument {
  title: string;
  /** ISO date of the last update (shown formatted). */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export const LEGAL_UPDATED = '2025-04-19';
