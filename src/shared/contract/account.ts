// Account settings: spec §5 (business name) and §7 (PATCH and PUT /api/user/business-name).
import { z } from 'zod';
import { BusinessNameSchema } from './auth.js';

/** Both methods take the same body; the answer is the updated user. */
export const UpdateBusinessNameBodySchema = z.object({ businessName: BusinessNameSchema });
export type UpdateBusinessNameBody = z.infer<typeof UpdateBusinessNameBodySchema>;
