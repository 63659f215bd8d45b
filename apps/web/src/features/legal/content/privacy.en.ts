import { LEGAL_UPDATED, type LegalDocument } from './types';

export const document: LegalDocument = {
  title: 'Privacy Policy',
  updated: LEGAL_UPDATED,
  intro:
    'This policy explains what personal information the {product} billing dashboard collects, why we collect it, how we protect it and the choices you have. It applies to the dashboard only; your service agreement and our general privacy notice continue to apply to the telecommunications services themselves.',
  sections: [
    {
      heading: '1. Who we are',
      paragraphs: [
        '{product} provides this dashboard so that account holders and the people they authorize can view balances and invoices, pay bills and keep billing details up to date. We are responsible for the personal information handled through it and have appointed a privacy officer, reachable at {email}.',
      ],
    },
    {
      heading: '2. Information we collect',
      bullets: [
        'Sign-in details: your username, email address and a securely hashed password, or the identity confirmed by your workplace sign-in provider.',
        'Account and billing information: account numbers, names, invoice email address, billing address, billing contact, language preference, invoices, charges and call detail records.',
        'Payment information: the card brand, last four digits and expiry date of saved cards, and the history of your payments. Full card numbers are entered on our payment processor’s secure page and never reach our servers.',
        'Technical information: the date and time of sign-ins and changes, the IP address used, and security logs needed to detect misuse.',
      ],
    },
    {
      heading: '3. How we use it',
      bullets: [
        'To identify you and show you only the accounts you are authorized to see.',
        'To present invoices and balances, process the payments you request and run the automatic payments you set up.',
        'To send service messages you need, such as password reset codes.',
        'To protect your account and our systems, for example by limiting repeated sign-in attempts.',
        'To meet our legal, tax and regulatory obligations.',
      ],
      paragraphs: ['We do not sell your personal information, and we do not use this dashboard for advertising.'],
    },
    {
      heading: '4. Who we share it with',
      paragraphs: [
        'We share personal information only with service providers that help us run the dashboard — our payment processor, hosting provider, email delivery service and, if you use it, your workplace sign-in provider — under contracts that require them to protect it and use it only for us. We may also disclose information where the law requires it. Some providers may process information outside your province or country, where it may be accessible to authorities under local law.',
      ],
    },
    {
      heading: '5. Storage in your browser',
      paragraphs: [
        'The dashboard keeps a small amount of data in your browser: your sign-in token (only for the current tab unless you choose “Remember me”), the account you last selected, and your theme and language choices. It does not use advertising or tracking cookies. Signing off removes the sign-in token.',
      ],
    },
    {
      heading: '6. How long we keep it',
      paragraphs: [
        'We keep billing records for as long as tax and telecommunications rules require, usually seven years after the end of the financial year they relate to. Security logs are kept for up to one year. Information we no longer need is securely deleted or anonymized.',
      ],
    },
    {
      heading: '7. How we protect it',
      paragraphs: [
        'Connections to the dashboard are encrypted, passwords are stored only as strong one-way hashes, access by our staff is limited to what their role requires and is logged, and card details are handled by a payment processor certified to the PCI DSS standard. No system is perfectly secure: please keep your password to yourself and sign off on shared computers.',
      ],
    },
    {
      heading: '8. Your choices and rights',
      paragraphs: [
        'You can view and correct your billing details in the dashboard at any time. You may also ask us for access to the personal information we hold about you, ask us to correct it, or withdraw a consent you gave, subject to legal and contractual limits. We answer requests within 30 days. If you are not satisfied with our answer, you may contact the privacy regulator where you live.',
      ],
    },
    {
      heading: '9. Changes to this policy',
      paragraphs: [
        'If we change this policy we will update the date above and, for significant changes, tell you in the dashboard or by email before the change takes effect.',
      ],
    },
    {
      heading: '10. Contact us',
      paragraphs: ['For any question about this policy or your personal information, call {phone} or email {email}.'],
    },
  ],
};
