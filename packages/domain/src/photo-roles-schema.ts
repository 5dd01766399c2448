import { z } from 'zod';
import { PHOTO_ROLES } from './photo-roles.ts';

/** One of a photo's roles (photo-roles.ts), as the API and the readiness rules take it. */
export const photoRoleSchema = z.enum(PHOTO_ROLES);
/** A supplier's choice of roles for one photo: none at all is a choice too (a photo that shows none of them). */
export const photoRolesSchema = z
  .array(photoRoleSchema)
  .max(PHOTO_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'A role is given once.');
