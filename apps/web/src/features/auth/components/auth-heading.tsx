import type { ReactNode } from 'react';

/** Title and intro of a page inside the auth layout's card. */
export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {children && <p className="mt-2 text-sm text-fg-muted">{children}</p>}
    </div>
  );
}
