import { screen } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n/i18n';
import { renderRoute } from '@/test/utils';

afterEach(() => changeLanguage('en'));

describe('legal pages (static text, last updated April 19, 2025)', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-use', 'Terms of Use'],
  ])('%s shows its document and its date to anyone, signed out', async (path, title) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByText('Last updated April 19, 2025')).toBeInTheDocument();
  });

  it('in French, with the date in French', async () => {
    await changeLanguage('fr');
    renderRoute('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    expect(screen.getByText('Dernière mise à jour : 19 avril 2025')).toBeInTheDocument();
  });
});
