export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/** The rule as the forms show it wherever a new password is chosen (checked by NewPasswordSchema). */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters, and not a commonly used password.`;
