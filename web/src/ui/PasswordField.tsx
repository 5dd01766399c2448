import { forwardRef } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's password input, with a show/hide toggle whose name does not contain
 * "password": finding the field by its label then finds exactly one element.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  return <PasswordInput ref={ref} visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }} {...props} />;
});
