import * as Menu from '@radix-ui/react-dropdown-menu';
import { CheckIcon } from '@/components/ui/icons';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Menu button (Radix DropdownMenu, WAI-ARIA menu pattern): arrow keys move, typing jumps, Escape closes and
 * returns focus to the trigger.
 *
 *   <DropdownMenu>
 *     <DropdownMenuTrigger asChild><Button variant="ghost">Menu</Button></DropdownMenuTrigger>
 *     <DropdownMenuContent>
 *       <DropdownMenuItem asChild><Link to="/profile">Account Information</Link></DropdownMenuItem>
 *       <DropdownMenuItem onSelect={logOut}>Log off</DropdownMenuItem>
 *     </DropdownMenuContent>
 *   </DropdownMenu>
 */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export const DropdownMenuContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof Menu.Content>>(
  function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...props }, ref) {
    return (
      <Menu.Portal>
        <Menu.Content
          ref={ref}
          sideOffset={sideOffset}
          align={align}
          collisionPadding={8}
          className={cn(
            'z-50 min-w-52 animate-fade-in overflow-hidden rounded-xl border border-border bg-surface p-1.5 text-fg shadow-lg',
            className,
          )}
          {...props}
        />
      </Menu.Portal>
    );
  },
);

const ITEM =
  'relative flex min-h-11 sm:min-h-9 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-surface-2 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&>svg]:size-4 [&>svg]:text-fg-muted';

export const DropdownMenuItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof Menu.Item>>(function DropdownMenuItem(
  { className, ...props },
  ref,
) {
  return <Menu.Item ref={ref} className={cn(ITEM, className)} {...props} />;
});

/** Item of a DropdownMenuRadioGroup; shows a check mark on the chosen one (and aria-checked for screen readers). */
export const DropdownMenuRadioItem = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof Menu.RadioItem> & { icon?: ReactNode }
>(function DropdownMenuRadioItem({ className, children, icon, ...props }, ref) {
  return (
    <Menu.RadioItem ref={ref} className={cn(ITEM, 'pr-9', className)} {...props}>
      {icon}
      {children}
      <Menu.ItemIndicator className="absolute right-3 inline-flex">
        <CheckIcon className="size-4 text-brand-text" aria-hidden="true" />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
});

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-3 py-2 text-xs font-semibold text-fg-muted', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...props} />;
}
