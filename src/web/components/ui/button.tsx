import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClassName, type ButtonLook } from './button-class';

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLook {}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}

/** A link to another screen of the app that looks like a button (e.g. 'Upgrade to Pro'). */
export function ButtonLink({ href, children, ...look }: ButtonLook & { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClassName(look)}>
      {children}
    </Link>
  );
}
