import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';

/** One section of Account Information (Account Details, Billing Contact, Billing Address): a labelled region with an h2. */
export function AccountSection({
  id,
  title,
  icon,
  className,
  bodyClassName,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={className}>
      <CardHeader title={title} titleId={`${id}-title`} icon={icon} />
      <CardBody className={bodyClassName}>{children}</CardBody>
    </Card>
  );
}
