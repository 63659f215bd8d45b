import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Single-page navigation is silent for screen readers and leaves focus on the clicked link. After every route
 * change (not the first load) this moves focus to the page's <h1> (or <main>) and announces the new title.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Wait a frame so the new page (and its usePageTitle effect) has rendered.
    const frame = requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>('#main h1') ?? document.getElementById('main');
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
      setAnnouncement(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
