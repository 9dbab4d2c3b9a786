// The shared schemas name each problem by its error code (src/shared/error-codes.ts) instead of
// an English sentence: zod carries it as the issue's message, the server's 400 answers it with
// the table's English, and a form shows the catalogue's text for it. Typed, so a code that is not
// in the table does not compile; the table itself stays out of the web's bundle.
import type { ErrorCode } from '../error-codes.js';

/** The error code a schema check reports, e.g. `.min(1, issueCode('email_required'))`. */
export const issueCode = <C extends ErrorCode>(code: C): C => code;
