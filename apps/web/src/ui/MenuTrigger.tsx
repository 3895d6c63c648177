import { forwardRef, type ComponentPropsWithoutRef } from 'react';

/**
 * The button that opens a menu: a plain button that says it has a popup menu. It forwards its ref and props so
 * the same element serves before the menu's code loads and as the Radix menu's trigger after.
 */
export const MenuTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function MenuTrigger(props, ref) {
  return <button ref={ref} type="button" aria-haspopup="menu" {...props} />;
});
