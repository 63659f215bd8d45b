import { render, screen } from '@testing-library/react';
import { registerLocales } from '@/lib/i18n/i18n';
import { autopayLocales } from '../locales';
import { AutopayCard, type AutopayCardProps } from './autopay-card';

await registerLocales('autopay', autopayLocales);

const props = (over: Partial<AutopayCardProps> = {}): AutopayCardProps => ({
  enabled: true,
  hasCards: true,
  schedule: undefined,
  scheduleError: false,
  cards: [],
  currency: 'CAD',
  onTurnOn: () => undefined,
  onTurnOff: () => undefined,
  onChangeSchedule: () => undefined,
  ...over,
});

describe('AutopayCard and the provider’s payment policy', () => {
  it('disables the switch of required automatic payments and says why', () => {
    render(<AutopayCard {...props({ required: true })} />);
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(screen.getByRole('switch')).toHaveAccessibleDescription('Automatic payments are required for this account and cannot be turned off.');
  });
  it.each([
    ['optional and on', { required: false, enabled: true }],
    ['required but off (it can be turned on)', { required: true, enabled: false }],
  ])('leaves the switch usable when %s', (_name, over) => {
    render(<AutopayCard {...props(over)} />);
    expect(screen.getByRole('switch')).toBeEnabled();
  });
});
