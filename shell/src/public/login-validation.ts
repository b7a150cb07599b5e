export interface LoginValues {
  email: string;
  password: string;
}

/** Spec section 5: both fields required; answers the i18n keys of the messages, in form order. */
export function validateLogin(values: LoginValues): string[] {
  const errors: string[] = [];
  if (!values.email.trim()) errors.push('login.emailRequired');
  if (!values.password) errors.push('login.passwordRequired');
  return errors;
}
