/**
 * The provider as printed on invoice documents. Same defaults as the web app's branding
 * (apps/web/src/config/app.ts), so the portal and its PDFs name the same company and support line.
 */
export interface Brand {
  name: string;
  addressLines: readonly string[];
  supportPhone: string;
  supportEmail: string;
  website: string;
  /** The accent colour of headings and rules. */
  accent: string;
}

export const BRAND: Brand = {
  name: 'Example Telecom',
  addressLines: ['100 Network Way, Suite 400', 'Toronto, ON M5V 2T6', 'Canada'],
  supportPhone: '+1 800 555 0199',
  supportEmail: 'support@example-telecom.com',
  website: 'www.example-telecom.com',
  accent: '#1d4ed8',
};
