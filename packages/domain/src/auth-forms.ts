export {
  forgotPasswordFormSchema,
  loginFormSchema,
  newPasswordFormSchema,
  type LoginFormValues,
  type NewPasswordFormValues,
} from './sign-in.ts';
export { isAcceptableNewPassword } from './password-policy.ts';
