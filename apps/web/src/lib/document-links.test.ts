import { pdfUrl } from './document-links';

it('pdfUrl finds the PDF link', () => {
  expect(
    pdfUrl({
      s3UrlDetails: {
        urls: [
          { name: 'CDRs', url: '/c' },
          { name: 'PDF', url: '/p' },
        ],
      },
    }),
  ).toBe('/p');
  expect(pdfUrl({ s3UrlDetails: { urls: [] } })).toBeNull();
});
