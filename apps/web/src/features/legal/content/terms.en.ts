import { LEGAL_UPDATED, type LegalDocument } from './types';

export const document: LegalDocument = {
  title: 'Terms of Use',
  updated: LEGAL_UPDATED,
  intro:
    'These terms govern your use of the {product} billing dashboard. By signing in you accept them. They add to, and do not replace, the service agreement under which we provide your telecommunications services; if the two conflict, the service agreement prevails.',
  sections: [
    {
      heading: '1. Your sign-in details',
      paragraphs: [
        'You are responsible for keeping your username and password confidential and for activity under your sign-in. Use “Remember me” only on a device that you alone use. Tell us at once at {phone} or {email} if you believe someone else has used your sign-in.',
      ],
    },
    {
      heading: '2. Authorized users and accounts',
      paragraphs: [
        'You may only view and manage accounts that you hold or that the account holder has authorized you to manage, including their sub-accounts. The account holder is responsible for the people they authorize and must tell us when an authorization ends.',
      ],
    },
    {
      heading: '3. Invoices and balances',
      paragraphs: [
        'Invoices, balances and call detail records shown in the dashboard are provided for your convenience. The invoice issued to you for a billing period is the official record of the charges for that period. A payment may take a short time to appear after it is made.',
      ],
    },
    {
      heading: '4. Disputing a charge',
      paragraphs: [
        'If you believe a charge is wrong, you must tell us within 30 days of the billing date shown on the invoice that contains it, by calling {phone} or emailing {email} with the invoice number and the charge in question. We will investigate and reply, and will correct any error we find. Undisputed amounts remain payable by the due date. Charges not disputed within 30 days of the billing date are considered accepted, except where the law gives you a longer period.',
      ],
    },
    {
      heading: '5. Payments and automatic payments',
      bullets: [
        'By making a payment you authorize us and our payment processor to charge the amount shown to the card you choose.',
        'When you turn on automatic payments, you authorize us to charge your chosen card on the schedule and for the amount you selected until you turn them off. Changes take effect for the next scheduled payment.',
        'If a payment is declined, the amount remains owing and late payment terms of your service agreement may apply.',
        'You must keep at least one valid card on file while automatic payments are on.',
      ],
    },
    {
      heading: '6. Acceptable use',
      paragraphs: [
        'Do not try to access accounts or data you are not authorized to see, interfere with the dashboard’s operation or security, or use automated means to extract data from it except through interfaces we make available for that purpose. We may suspend access to protect you, other customers or our systems.',
      ],
    },
    {
      heading: '7. Availability and changes',
      paragraphs: [
        'We aim to keep the dashboard available at all times but may interrupt it for maintenance, security or reasons beyond our control. We may change or improve its features. Your bills remain payable by the other methods described in your service agreement while the dashboard is unavailable.',
      ],
    },
    {
      heading: '8. Third-party services',
      paragraphs: [
        'Card payments are processed by our payment processor and workplace sign-in is provided by your organization’s identity provider. Their own terms and privacy policies apply to the parts of the service they provide.',
      ],
    },
    {
      heading: '9. Liability',
      paragraphs: [
        'To the extent the law allows, our liability related to the dashboard is limited as set out in your service agreement, and we are not liable for indirect or consequential losses. Nothing in these terms limits rights you have under consumer protection law.',
      ],
    },
    {
      heading: '10. Changes to these terms',
      paragraphs: [
        'We may update these terms. We will change the date above and, for significant changes, tell you in the dashboard or by email at least 30 days before they take effect. Continuing to use the dashboard after that means you accept the updated terms.',
      ],
    },
    {
      heading: '11. Governing law and contact',
      paragraphs: [
        'These terms are governed by the laws that govern your service agreement. For any question, call {phone} or email {email}.',
      ],
    },
  ],
};
