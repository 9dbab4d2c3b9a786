// A crew member's name (issue 24): its own module, as both the team routes and the preferences
// (where each member changes theirs) check it, and auth.ts imports the preferences.
import { z } from 'zod';
import { MEMBER_NAME_MAX_LENGTH } from '../rules.js';
import { issueCode } from './issue-code.js';

export const MemberNameSchema = z
  .string({ error: issueCode('member_name_invalid') })
  .trim()
  .min(1, issueCode('member_name_invalid'))
  .max(MEMBER_NAME_MAX_LENGTH, issueCode('member_name_invalid'));
