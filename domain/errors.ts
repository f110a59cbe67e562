/**
 * What the shop refuses, as errors any layer may throw (stores above all) and one place answers:
 * functions/lib/http.ts gives each kind its HTTP status. Each carries the sentence the customer or
 * staff member reads, worded as the spec and the messages modules word it, and for a form the
 * message of each field at fault.
 */
export type RefusalKind = 'invalid' | 'notFound' | 'conflict' | 'gone';

export abstract class DomainError extends Error {
  abstract readonly kind: RefusalKind;

  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** What was asked breaks a rule by itself (a quantity past the line maximum, a search that is neither a number nor an e-mail). */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
}

/** What was asked for does not exist, or is not the caller's to reach. */
export class NotFound extends DomainError {
  readonly kind = 'notFound';
}

/** The shop's state refuses it now: someone changed it first, or the place is taken. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

/** It existed and has ended (a link past its appointment's start). */
export class Gone extends DomainError {
  readonly kind = 'gone';
}
