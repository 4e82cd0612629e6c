export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/** The rule as the forms show it wherever a new password is chosen (checked by NewPasswordSchema). */
// Written out (not from MIN_PASSWORD_LENGTH) because it is a key of the message catalogues.
export const PASSWORD_RULE = "At least 10 characters and hard to guess: not a common password, no repeated or sequential characters, not your name or the site's.";
