import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { useHydrated } from './use-hydrated';

function Probe() {
  return <p>{useHydrated() ? 'live' : 'prerendered'}</p>;
}

describe('useHydrated', () => {
  it('is false in the prerendered HTML, true once hydration is over, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    expect(container.textContent).toBe('prerendered');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('live');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('is true at once in a page rendered in the browser', () => {
    render(<Probe />);
    expect(screen.getByText('live')).toBeInTheDocument();
  });
});
