// How hard a new password is to guess, by zxcvbn-ts with its common and English dictionaries
// (decision 0025). Server code only: the dictionaries are several megabytes, and no page's
// JavaScript carries them.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

/** The site's own names, which guessers try first. */
const SITE_NAMES = ["LabTest Hub", "labtest", "labtesthub", "lab test hub"];

/**
 * Only the first 64 characters are estimated, with a bounded number of l33t substitutions: a
 * 128-character password of symbols took 2 s otherwise, and the estimate runs on every new
 * password (measured at most 0.1 s this way on this machine).
 */
const MAX_ESTIMATED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use (about 0.3 s, 45 MB), then kept. */
function zxcvbn() {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    maxLength: MAX_ESTIMATED_LENGTH,
    l33tMaxSubstitutions: 10,
  });
  return estimator;
}

/** Who chooses the password: their own names are the first guesses of anyone who knows them. */
export type PasswordOwner = { email?: string | null; firstName?: string | null; lastName?: string | null };

function ownWords({ email, firstName, lastName }: PasswordOwner): string[] {
  const local = email?.split("@")[0] ?? "";
  const words = [local, ...local.split(/[^\p{L}\p{N}]+/u), firstName, lastName, [firstName, lastName].filter(Boolean).join("")];
  return [...SITE_NAMES, ...words.map((word) => word?.trim() ?? "").filter((word) => word.length >= 3)];
}

const TOO_COMMON = "This password is too common. Please choose a less common one.";
export const PERSONAL = "Do not build your password on your name, your e-mail address or the site's name.";
const TOO_EASY = "This password is too easy to guess. Add more words or characters.";

/** Why a password is refused, by zxcvbn's warning (texts in the account catalogue, English and Arabic). */
const REASONS: Record<string, string> = {
  simpleRepeat: "Repeated characters, like aaa, are easy to guess.",
  extendedRepeat: "Repeated patterns, like abcabc, are easy to guess.",
  sequences: "Sequences, like abcd or 6543, are easy to guess.",
  straightRow: "Rows of keys on the keyboard, like qwerty, are easy to guess.",
  keyPattern: "Rows of keys on the keyboard, like qwerty, are easy to guess.",
  recentYears: "Years and dates are easy to guess.",
  dates: "Years and dates are easy to guess.",
  topTen: TOO_COMMON,
  topHundred: TOO_COMMON,
  common: TOO_COMMON,
  similarToCommon: TOO_COMMON,
  pwned: TOO_COMMON,
  wordByItself: "A single word or name is easy to guess. Add more words.",
  namesByThemselves: "A single word or name is easy to guess. Add more words.",
  commonNames: "A single word or name is easy to guess. Add more words.",
  userInputs: PERSONAL,
};

/**
 * Why `password` is too easy to guess, or null when it will do. Accepted: zxcvbn's score 3 or 4
 * (about 10^8 guesses or more); a password built partly on the owner's or the site's names must
 * reach 4 (10^10), since whoever targets the account knows them.
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  const estimate = zxcvbn().check(password, ownWords(owner));
  const personal = estimate.sequence.some((match) => match.pattern === "dictionary" && match.dictionaryName === "userInputs");
  if (estimate.score === 4 || (estimate.score === 3 && !personal)) return null;
  if (personal) return PERSONAL;
  return REASONS[estimate.feedback.warning ?? ""] ?? TOO_EASY;
}
